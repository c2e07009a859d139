import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    /// The two `y_` files that a strict bridge codec rejects on purpose: duplicate keys.
    static let rejectedOnPurpose: Set<String> = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    @Test func everyMustAcceptFileIsAcceptedExceptDuplicateKeys() throws {
        let files = try TestData.jsonTestSuiteFiles(prefix: "y_")
        #expect(files.count > 90)
        for file in files {
            let data = try Data(contentsOf: file)
            let name = file.lastPathComponent
            if Self.rejectedOnPurpose.contains(name) {
                #expect(throws: JSONError.self, "\(name)") { try JSONValue(parsing: data) }
                continue
            }
            #expect(throws: Never.self, "\(name)") { try JSONValue(parsing: data) }
        }
    }

    @Test func everyMustRejectFileIsRejected() throws {
        let files = try TestData.jsonTestSuiteFiles(prefix: "n_")
        #expect(files.count > 180)
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(throws: JSONError.self, "\(file.lastPathComponent)") { try JSONValue(parsing: data) }
        }
    }

    /// The outcome of every `i_` file is written down in docs/json-policy.md; this keeps the two in step.
    @Test func implementationDefinedOutcomesMatchTheDocumentedPolicy() throws {
        let policy = try String(contentsOf: TestData.packageRoot.appendingPathComponent("docs/json-policy.md"), encoding: .utf8)
        var documented: [String: String] = [:]
        for line in policy.split(separator: "\n") where line.hasPrefix("| `i_") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        let files = try TestData.jsonTestSuiteFiles(prefix: "i_")
        #expect(files.count == documented.count)
        for file in files {
            let name = file.lastPathComponent
            let accepted = (try? JSONValue(parsing: Data(contentsOf: file))) != nil
            #expect(documented[name] == (accepted ? "accepted" : "rejected"), "\(name)")
        }
    }

    /// Files where JSONSerialization on Linux rounds a number a few ULPs off the correctly rounded
    /// value (`-1e-78` here); there this parser must give the value strtod and `JSONDecoder` give.
    static let foundationRoundsImprecisely: Set<String> = ["y_number_double_close_to_zero.json"]

    /// Differential: every accepted `y_` file reads the same as JSONSerialization reads it, number for number.
    @Test func acceptedFilesMatchJSONSerialization() throws {
        for file in try TestData.jsonTestSuiteFiles(prefix: "y_") where !Self.rejectedOnPurpose.contains(file.lastPathComponent) {
            let data = try Data(contentsOf: file)
            let ours = try JSONValue(parsing: data)
            let foundation = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            let lenient = Self.foundationRoundsImprecisely.contains(file.lastPathComponent)
            #expect(Self.matches(ours, foundation, allowingImpreciseFoundation: lenient), "\(file.lastPathComponent)")
        }
    }

    @Test func impreciseFoundationNumberIsCorrectlyRoundedHere() throws {
        let data = try Data(contentsOf: TestData.jsonTestSuite.appendingPathComponent("y_number_double_close_to_zero.json"))
        guard case .array(let elements) = try JSONValue(parsing: data), case .number(let number)? = elements.first else {
            Issue.record("not an array of one number")
            return
        }
        #expect(number.doubleValue == -1e-78)
        #expect(try JSONDecoder().decode([Double].self, from: data) == [-1e-78])
    }

    static func matches(_ value: JSONValue, _ object: Any, allowingImpreciseFoundation lenient: Bool = false) -> Bool {
        switch value {
        case .null:
            return object is NSNull
        case .bool(let bool):
            return (object as? NSNumber).map { type(of: $0) == type(of: NSNumber(value: true)) && $0.boolValue == bool } ?? false
        case .number(let number):
            guard let other = object as? NSNumber else { return false }
            switch UInt8(bitPattern: other.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"):
                if number.doubleValue == other.doubleValue { return true }
                return lenient && number.doubleValue == Double(number.text)
                    && abs(number.doubleValue - other.doubleValue) <= 8 * number.doubleValue.ulp
            case UInt8(ascii: "Q"): return number.exactInteger(UInt64.self) == other.uint64Value
            default: return number.exactInteger(Int64.self) == other.int64Value
            }
        case .string(let string):
            guard let other = object as? String else { return false }
            return string.utf16.elementsEqual(other.utf16)
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { matches($0, $1, allowingImpreciseFoundation: lenient) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { member in
                others[member.key].map { matches(member.value, $0, allowingImpreciseFoundation: lenient) } ?? false
            }
        }
    }
}

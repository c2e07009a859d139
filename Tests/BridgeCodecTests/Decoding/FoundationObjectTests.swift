import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Foundation object graphs")
struct FoundationObjectTests {
    struct Message: Codable, Equatable {
        var type: String
        var value: Double
        var flag: Bool
        var count: Int
        var tags: [String]
        var extra: String?
    }

    private let decoder = StrictJSONDecoder()

    private func failure<T: Decodable>(_ type: T.Type, _ object: Any) -> JSONError? {
        do {
            _ = try decoder.decode(type, fromFoundationObject: object)
            return nil
        } catch {
            return error
        }
    }

    @Test func graphFromJSONSerializationDecodesLikeTheBytes() throws {
        let text = #"{"type":"height","value":420.5,"flag":true,"count":3,"tags":["a","é"],"extra":null}"#
        let graph = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let fromGraph = try decoder.decode(Message.self, fromFoundationObject: graph)
        #expect(fromGraph == (try decoder.decode(Message.self, from: text)))
    }

    @Test func booleanNumbersAreToldFromNumericOnes() throws {
        let flag = try JSONSerialization.jsonObject(with: Data(#"{"flag":1}"#.utf8))
        #expect(failure([String: Bool].self, flag)?.description == "$.flag: expected a boolean, found a number")
        let count = try JSONSerialization.jsonObject(with: Data(#"{"count":true}"#.utf8))
        #expect(failure([String: Int].self, count)?.description == "$.count: expected an integer, found a boolean")
        #expect(try JSONValue(foundationObject: NSNumber(value: true)) == .bool(true))
        #expect(try JSONValue(foundationObject: NSNumber(value: 1)) == .number(JSONNumber(1)))
        #expect(try JSONValue(foundationObject: NSNumber(value: UInt64.max)) == .number(JSONNumber(UInt64.max)))
        #expect(try JSONValue(foundationObject: NSNumber(value: 2.5)) == .number(JSONNumber(2.5)!))
    }

    @Test func nestedDictionariesAsLinuxFoundationBridgesThem() throws {
        let graph = try JSONSerialization.jsonObject(with: Data(#"{"outer":{"inner":{"n":[1,{"m":true}]}}}"#.utf8))
        let expected = try JSONValue(parsing: #"{"outer":{"inner":{"n":[1,{"m":true}]}}}"#)
        #expect(try JSONValue(foundationObject: graph) == expected)
    }

    @Test func foundationClassInstancesAsWKWebViewDeliversThem() throws {
        // iOS hands over NSDictionary, NSArray, NSString (and subclasses), NSNumber and NSNull;
        // an NSArray built from Swift values holds them boxed, which the bridging casts unwrap.
        let tags = NSMutableArray(array: [NSString(string: "a"), NSMutableString(string: "é"), NSNumber(value: 7), NSNull()])
        tags.add(NSArray(array: ["boxed", 2.5, true] as [Any]))
        let body = NSMutableDictionary()
        body["type"] = NSMutableString(string: "height")
        body["value"] = NSNumber(value: 420.5)
        body["count"] = NSNumber(value: -3)
        body["flag"] = NSNumber(value: false)
        body["tags"] = tags
        body["inner"] = NSDictionary(dictionary: ["n": NSNumber(value: UInt64.max)])
        let expected = try JSONValue(
            parsing: #"{"type":"height","value":420.5,"count":-3,"flag":false,"tags":["a","é",7,null,["boxed",2.5,true]],"#
                + #""inner":{"n":18446744073709551615}}"#)
        guard case .object(let converted) = try JSONValue(foundationObject: body), case .object(let members) = expected else {
            Issue.record("not an object")
            return
        }
        #expect(try JSONValue(foundationObject: NSMutableString(string: "plaid")) == .string("plaid"))
        #expect(try JSONValue(foundationObject: NSString(string: "é")) == .string("é"))
        #expect(try JSONValue(foundationObject: NSNumber(value: Int8(-5))) == .number(JSONNumber(-5)))
        // NSDictionary has its own order: compare member by member.
        #expect(converted.count == members.count)
        for member in members.members {
            #expect(converted[member.key] == member.value, "\(member.key)")
        }
    }

    /// An `Any` made from an `AnyObject` holds the existential, not the class: how Linux's
    /// `NSDictionary.allValues` lists values, and how an app's `[AnyObject]` reaches a body.
    @Test func instancesHeldAsAnyObjectAreIdentified() throws {
        let objects: [AnyObject] = [NSString(string: "height"), NSNumber(value: 420.5), NSNull(), NSNumber(value: true)]
        let body: [String: Any] = ["type": objects[0], "value": objects[1], "extra": objects[2], "flag": objects[3]]
        guard case .object(let converted) = try JSONValue(foundationObject: body) else {
            Issue.record("not an object")
            return
        }
        #expect(converted["type"] == .string("height"))
        #expect(converted["value"] == .number(try #require(JSONNumber(420.5))))
        #expect(converted["extra"] == .null)
        #expect(converted["flag"] == .bool(true))
        #expect(try JSONValue(foundationObject: objects[0]) == .string("height"))
    }

    /// Keys and values of a Foundation dictionary are read as two lists (on Linux): each key
    /// must still come with its own value, however many members and whatever their order.
    @Test func everyKeyKeepsItsOwnValue() throws {
        let body = NSMutableDictionary()
        for index in 0..<300 {
            body.setObject(index % 3 == 0 ? NSString(string: "v\(index)") : NSNumber(value: index), forKey: NSString(string: "k\(index)"))
        }
        guard case .object(let converted) = try JSONValue(foundationObject: body) else {
            Issue.record("not an object")
            return
        }
        #expect(converted.count == 300)
        for index in 0..<300 {
            let expected: JSONValue = index % 3 == 0 ? .string("v\(index)") : .number(JSONNumber(index))
            #expect(converted["k\(index)"] == expected, "k\(index)")
        }
    }

    /// A dictionary class of an app's own is read through `NSDictionary`'s primitives, each
    /// key with its own value (Foundation's concrete classes are read from their storage).
    @Test func dictionaryClassesOfAnAppsOwnAreReadThroughTheirPrimitives() throws {
        let inner = OrderedPairsDictionary()
        inner.pairs = [("k", NSNull())]
        let body = OrderedPairsDictionary()
        body.pairs = [("type", NSString(string: "height")), ("value", NSNumber(value: 420)), ("inner", inner)]
        let expected = try JSONValue(parsing: #"{"type":"height","value":420,"inner":{"k":null}}"#)
        #expect(try JSONValue(foundationObject: body) == expected)
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        #expect(dispatcher.outcome(handlerName: "sovHandler", foundationBody: body) == .success(.sovendus(.height(SovendusHeight(420)!))))
    }

    @Test func swiftValuesFoundationBoxedAreRejectedWithTheirPath() {
        struct Custom {}
        let body = NSMutableDictionary()
        body["type"] = NSString(string: "height")
        body["when"] = Custom()
        let error = failure([String: String].self, body)
        #expect(error?.path.description == "$.when")
        #if !canImport(Darwin)
            // swift-corelibs-foundation keeps the value in a box of its own; the error names
            // the value's type, not the box's.
            #expect(error?.description == "$.when: Custom has no JSON form")
        #endif
    }

    @Test func integersKeepTheirDecimalText() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 420, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        // Seeded, so that a failing value comes back on the next run.
        var generator = SeededRandom(seed: 0x1D1C_1715)
        values += (0..<1_000).map { _ in Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0...62) }
        for value in values {
            #expect(JSONNumber(value).text == String(value), "\(value)")
            #expect(JSONNumber(value).doubleValue == Double(value))
        }
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        #expect(JSONNumber(UInt8(200)).text == "200")
        #expect(JSONNumber(-999_999_999_999_999.0)?.text == "-999999999999999")
        #expect(JSONNumber(-123456789012345.0)?.text == "-123456789012345")
    }

    @Test func swiftValuesInADictionaryAreAccepted() throws {
        let body: [String: Any] = [
            "type": "height", "value": Float(1.5), "flag": false, "count": UInt8(9), "tags": ["x"] as [Any], "extra": NSNull(),
        ]
        let message = try decoder.decode(Message.self, fromFoundationObject: body)
        #expect(message == Message(type: "height", value: 1.5, flag: false, count: 9, tags: ["x"], extra: nil))
        #expect(failure(Bool.self, 1)?.reason == .typeMismatch(expected: "a boolean", found: .number))
        #expect(failure(Int.self, true)?.reason == .typeMismatch(expected: "an integer", found: .bool))
    }

    /// Swift scalars are recognised by their exact type and taken as they are: every width and
    /// signedness, at its edges, must come out with its own value.
    @Test func swiftScalarsOfEveryWidthKeepTheirValues() throws {
        let integers: [(Any, JSONNumber)] = [
            (Int.min, JSONNumber(Int.min)), (Int.max, JSONNumber(Int.max)), (Int8.min, JSONNumber(Int8.min)),
            (Int16.max, JSONNumber(Int16.max)), (Int32.min, JSONNumber(Int32.min)), (Int64.max, JSONNumber(Int64.max)),
            (UInt.max, JSONNumber(UInt.max)), (UInt8.max, JSONNumber(UInt8.max)), (UInt16.max, JSONNumber(UInt16.max)),
            (UInt32.max, JSONNumber(UInt32.max)), (UInt64.max, JSONNumber(UInt64.max)),
        ]
        for (value, expected) in integers {
            #expect(try JSONValue(foundationObject: value) == .number(expected), "\(type(of: value)) \(value)")
        }
        #expect(try JSONValue(foundationObject: true) == .bool(true))
        #expect(try JSONValue(foundationObject: false) == .bool(false))
        #expect(try JSONValue(foundationObject: -1.5) == .number(try #require(JSONNumber(-1.5))))
        #expect(try JSONValue(foundationObject: Float(0.25)) == .number(try #require(JSONNumber(0.25))))
        #expect(throws: JSONError.self) { try JSONValue(foundationObject: Double.nan) }
        #expect(throws: JSONError.self) { try JSONValue(foundationObject: -Float.infinity) }
        #expect(try JSONValue(foundationObject: "plain") == .string("plain"))
        let object = try #require(JSONObject([.init(key: "k", value: .number(JSONNumber(1)))]))
        #expect(try JSONValue(foundationObject: ["k": 1] as [String: Any]) == .object(object))
    }

    /// JSONSerialization keeps a number a `Double` would round as an `NSDecimalNumber`
    /// (`1.00000000000000001`, `12345678901234567890123`); an app may hold a Swift `Decimal`.
    /// Both keep their exact decimal text, as the same number read from JSON text does.
    @Test func decimalNumbersKeepTheirExactText() throws {
        let texts = ["1.00000000000000001", "12345678901234567890123", "-0.001", "0.1", "12.34"]
        let serialized = try JSONSerialization.jsonObject(with: Data(("[" + texts.joined(separator: ",") + "]").utf8))
        #expect(try JSONValue(foundationObject: serialized) == (try JSONValue(parsing: "[" + texts.joined(separator: ",") + "]")))
        for text in texts {
            let expected = try JSONValue(parsing: text)
            #expect(try JSONValue(foundationObject: NSDecimalNumber(string: text)) == expected, "\(text)")
            #expect(try JSONValue(foundationObject: try #require(Decimal(string: text))) == expected, "\(text)")
        }
        let decoder = StrictJSONDecoder()
        let amounts = try JSONSerialization.jsonObject(with: Data(#"{"a":1.00000000000000001,"b":12345678901234567890123}"#.utf8))
        #expect(throws: JSONError.self) { try decoder.decode([String: Int].self, fromFoundationObject: amounts) }
        #expect(
            try decoder.decode([String: Decimal].self, fromFoundationObject: amounts)
                == [
                    "a": try #require(Decimal(string: "1.00000000000000001")),
                    "b": try #require(Decimal(string: "12345678901234567890123")),
                ])
        let appBuilt: [String: Any] = ["amount": try #require(Decimal(string: "12.34"))]
        #expect(try decoder.decode([String: Decimal].self, fromFoundationObject: appBuilt) == ["amount": Decimal(string: "12.34")])
        #expect(throws: JSONError.self) { try JSONValue(foundationObject: NSDecimalNumber.notANumber) }
        #expect(throws: JSONError.self) { try JSONValue(foundationObject: Decimal.nan) }
    }

    @Test func optionalsInAnyAreUnwrapped() throws {
        let present: Int? = 4
        let absent: String? = nil
        let body: [String: Any] = ["present": present as Any, "absent": absent as Any]
        #expect(
            try JSONValue(foundationObject: body) == JSONValue(parsing: #"{"present":4,"absent":null}"#)
                || JSONValue(foundationObject: body) == JSONValue(parsing: #"{"absent":null,"present":4}"#))
        // An `Any?` handed over as `Any`, as app code writes `body as Any`: its value, or null.
        let status: Any? = "success"
        let nothing: Any? = nil
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        #expect(
            dispatcher.outcome(handlerName: "completed", foundationBody: status as Any)
                == .success(.swedbankPayCompleted(SwedbankPayCompleted(status: "success"))))
        #expect(try decoder.decode(String?.self, fromFoundationObject: nothing as Any) == nil)
        #expect(try decoder.decode(String.self, fromFoundationObject: Optional(Optional(status)) as Any) == "success")
    }

    @Test func objectsWithoutAJSONFormAreRejectedWithTheirPath() throws {
        final class Custom {}
        #expect(failure([String: String].self, ["when": Data([1])])?.description == "$.when: Data has no JSON form")
        #expect(failure([[String]].self, [["a", Data([1])]])?.path.description == "$[0][1]")
        #expect(failure(String.self, Custom())?.reason == .unsupportedObject(typeName: "Custom"))
        #expect(failure(Double.self, Double.nan)?.reason == .nonFiniteNumber)
        // WebKit hands a page's NaN and infinity over as NSNumbers, which read as the page's
        // JSON.stringify writes them: null.
        #expect(
            try JSONValue(foundationObject: [
                NSNumber(value: Double.infinity), NSNumber(value: -Double.infinity), NSNumber(value: Double.nan),
            ]) == .array([.null, .null, .null]))
        #expect(failure(Double.self, NSNumber(value: Double.infinity))?.reason == .typeMismatch(expected: "a number", found: .null))
        guard case .nonStringKey? = failure([String: Int].self, NSDictionary(dictionary: [1: 2]))?.reason else {
            Issue.record("a number key was accepted")
            return
        }
        #expect(failure([String: Int].self, [1: 2] as [AnyHashable: Any])?.reason == .nonStringKey(typeName: "Int"))
    }

    @Test func limitsBoundTheGraph() throws {
        var nested: Any = 1
        for _ in 0..<100 { nested = [nested] }
        #expect(failure(Int.self, nested)?.reason == .nestingTooDeep(limit: 64))
        let tight = StrictJSONDecoder(limits: try JSONLimits(maxStringLength: 4, maxObjectMembers: 1))
        #expect(throws: JSONError(path: .root, reason: .stringTooLong(limit: 4))) {
            try tight.decode(String.self, fromFoundationObject: "hello")
        }
        #expect(throws: JSONError(path: .root, reason: .tooManyMembers(limit: 1))) {
            try tight.decode([String: Int].self, fromFoundationObject: ["a": 1, "b": 2])
        }
    }

    /// One array in many places: sixty levels of `[a, a]` are 120 array values that stand for
    /// 2^60 strings. The walk charges what it visits against `maxBytes`, so it stops after about
    /// a megabyte's worth, by every way a graph comes in; nothing is visited 2^60 times.
    @Test(.timeLimit(.minutes(1))) func aGraphThatSharesItsArraysIsBoundBySize() throws {
        var shared: Any = "leaf"
        for _ in 0..<60 { shared = [shared, shared] as [Any] }
        let tooLarge = JSONError.Reason.tooLarge(limit: JSONLimits.default.maxBytes)
        do {
            _ = try JSONValue(foundationObject: shared)
            Issue.record("the shared graph was converted")
        } catch {
            #expect(error.reason == tooLarge)
        }
        #expect(failure([JSONValue].self, shared)?.reason == tooLarge)
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        guard case .failure(let error) = dispatcher.outcome(handlerName: "completed", foundationBody: shared),
            case .invalidMessage(let reason) = error.reason
        else {
            Issue.record("the shared graph was not refused")
            return
        }
        #expect(reason == tooLarge)
    }

    /// Whether Foundation hands out an array held in another as that array. swift-corelibs-foundation
    /// converts it whole instead, so one that holds itself recurses inside Foundation before any
    /// walk sees it: there, cycles cannot be built to test (docs/json-policy.md).
    static let foundationHandsOutNestedArrays: Bool = {
        let outer = NSMutableArray()
        outer.add(NSMutableArray())
        return type(of: outer.object(at: 0)) is AnyClass
    }()

    /// No depth of nesting stops the process: the walk meets the depth limit before anything
    /// converts a nested container whole. Foundation's own classes are nested as deep as the
    /// platform reads them: corelibs Foundation converts a nested array or dictionary whole as it
    /// hands it out, so on Linux a nest deeper than its stack allows fails inside Foundation
    /// (docs/security.md).
    @Test func nestsOfAnyDepthAreRefusedAtTheLimit() {
        let limit = JSONError.Reason.nestingTooDeep(limit: JSONLimits.default.maxDepth)
        var array: [Any] = []
        for _ in 0..<100_000 { array = [array] }
        #expect(failure(JSONValue.self, array)?.reason == limit)
        // Freed a level at a time: releasing the outermost frees the whole nest recursively.
        while let inner = array.first as? [Any] { array = inner }

        var dictionary: [String: Any] = [:]
        for _ in 0..<100_000 { dictionary = ["k": dictionary] }
        #expect(failure(JSONValue.self, dictionary)?.reason == limit)
        while let inner = dictionary["k"] as? [String: Any] { dictionary = inner }

        let depth = Self.foundationHandsOutNestedArrays ? 100_000 : 2_000
        var arrays = [NSMutableArray()]
        var dictionaries = [NSMutableDictionary()]
        for _ in 1..<depth {
            let array = NSMutableArray()
            arrays[arrays.count - 1].add(array)
            arrays.append(array)
            let dictionary = NSMutableDictionary()
            dictionaries[dictionaries.count - 1]["k"] = dictionary
            dictionaries.append(dictionary)
        }
        #expect(failure(JSONValue.self, arrays[0])?.reason == limit)
        #expect(failure(JSONValue.self, dictionaries[0])?.reason == limit)
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        if case .failure(let error) = dispatcher.outcome(handlerName: "voltRedirect", foundationBody: dictionaries[0]) {
            #expect(error.reason == .invalidMessage(limit))
        } else {
            Issue.record("a nest of \(depth) dictionaries was dispatched")
        }
        for array in arrays { array.removeAllObjects() }
        for dictionary in dictionaries { dictionary.removeAllObjects() }
    }

    /// One instance in two places is no cycle.
    @Test func sharedInstancesAreNoCycle() throws {
        let shared = NSArray(array: [NSNumber(value: 1)])
        #expect(try JSONValue(foundationObject: NSArray(array: [shared, shared])) == JSONValue(parsing: "[[1],[1]]"))
        let dictionary = NSDictionary(dictionary: ["a": shared, "b": NSDictionary(dictionary: ["c": shared])])
        guard case .object(let object) = try JSONValue(foundationObject: dictionary) else {
            Issue.record("not an object")
            return
        }
        let one = try JSONValue(parsing: "[1]")
        let inner = try JSONValue(parsing: #"{"c":[1]}"#)
        #expect(object["a"] == one && object["b"] == inner)
    }

    /// A Foundation array or dictionary that holds itself is refused with its path.
    @Test(.enabled(if: foundationHandsOutNestedArrays, "corelibs Foundation recurses on a cycle before the walk sees it"))
    func cyclesAreRefused() throws {
        let array = NSMutableArray(array: [NSString(string: "a")])
        array.add(array)
        #expect(failure([JSONValue].self, array)?.reason == .cycle)
        #expect(failure([JSONValue].self, array)?.path.description == "$[1]")

        let dictionary = NSMutableDictionary(dictionary: ["name": NSString(string: "x")])
        dictionary["self"] = dictionary
        #expect(failure([String: JSONValue].self, dictionary)?.description == "$.self: the array or dictionary holds itself")

        // Through another container, and through a Swift dictionary in between.
        let outer = NSMutableArray()
        let inner = NSMutableDictionary()
        inner["back"] = ["via": outer] as [String: Any]
        outer.add(inner)
        #expect(failure(JSONValue.self, outer)?.path.description == "$[0].back.via")

        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        guard case .failure(let error) = dispatcher.outcome(handlerName: "sovHandler", foundationBody: dictionary) else {
            Issue.record("a dictionary holding itself was dispatched")
            return
        }
        #expect(error.description.hasSuffix("$.self: the array or dictionary holds itself"))
    }

    /// Dispatch only reads the caller's graph: the graph, and the dictionaries inside it, must
    /// read the same afterwards, and a second dispatch of the same graph must give the same message.
    @Test func dispatchLeavesTheCallersGraphAsItWas() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let longURL = "https://merchant.example/checkout/" + String(repeating: "a", count: 40)
        let bodies: [(handler: String, body: Any)] = [
            ("voltRedirect", ["type": "merchant_redirect", "result": "cancel", "url": longURL]),
            ("sovHandler", ["type": "openUrl", "value": longURL] as [String: Any]),
            ("branchPlaidLinkComplete", ["status": "completed", "callbackUrl": longURL, "extra": ["nested": longURL]] as [String: Any]),
            ("branchPlaidLink", longURL),
            ("completed", "success with a status longer than fifteen bytes"),
        ]
        for (handler, body) in bodies {
            let before = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .fragmentsAllowed])
            let first = try dispatcher.dispatch(handlerName: handler, foundationBody: body)
            let second = try dispatcher.dispatch(handlerName: handler, foundationBody: body)
            let after = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .fragmentsAllowed])
            #expect(before == after, "\(handler)")
            #expect(first == second, "\(handler)")
            let text = try #require(String(data: before, encoding: .utf8))
            #expect(first == (try dispatcher.dispatch(handlerName: handler, jsonText: text)), "\(handler)")
        }
    }

    /// For text without escapes and with one-digit numbers, the fewest bytes a graph is charged
    /// are its JSON text exactly: the graph passes at that many bytes and not one fewer, as the
    /// same body does as text.
    @Test func theSizeBoundIsTheTextsLength() throws {
        let texts = [#"["ab"]"#, #"{"k":"v"}"#, "[1,true,null,false]", #"{"a":[{},[]],"b":{"c":"","d":[0]}}"#, "[]", #""""#]
        for text in texts {
            let graph = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            let exact = try JSONLimits(maxBytes: text.utf8.count)
            let short = try JSONLimits(maxBytes: text.utf8.count - 1)
            #expect(throws: Never.self, "\(text)") { try JSONValue(foundationObject: graph, limits: exact) }
            #expect(throws: Never.self, "\(text)") { try JSONValue(parsing: text, limits: exact) }
            #expect(throws: JSONError.self, "\(text)") { try JSONValue(foundationObject: graph, limits: short) }
            #expect(throws: JSONError.self, "\(text)") { try JSONValue(parsing: text, limits: short) }
        }
    }
}

/// An `NSDictionary` subclass of an app's own, built on the primitives the class documents
/// (`count`, `object(forKey:)`, `keyEnumerator()`), listing its members in a fixed order.
private final class OrderedPairsDictionary: NSDictionary {
    var pairs: [(key: String, value: Any)] = []

    override var count: Int { pairs.count }

    override func object(forKey key: Any) -> Any? {
        guard let key = key as? String else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    override func keyEnumerator() -> NSEnumerator {
        NSArray(array: pairs.map { NSString(string: $0.key) }).objectEnumerator()
    }
}

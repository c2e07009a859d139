import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import Testing

/// Bodies as WebKit builds them on iOS, from values a real engine evaluated
/// (`Tests/TestData/engine`, written by `js/engine-fixtures.mjs` and checked in node and
/// WebKitGTK): each graph must give what the same value's `JSON.stringify` text gives.
@Suite("WebKit's graphs beside the page's text")
struct WebKitGraphTests {
    /// Every double, as the page's `String(x)` and `JSON.stringify` write it.
    @Test func doublesHaveJavaScriptsText() throws {
        let cases = try EngineFixture.cases("javascript-numbers.json")
        #expect(cases.count > 3000)
        var mismatches: [String] = []
        for entry in cases {
            guard case .string(let bits)? = entry["bits"], case .string(let text)? = entry["text"],
                let pattern = UInt64(bits, radix: 16)
            else {
                Issue.record("unreadable case \(entry)")
                continue
            }
            let double = Double(bitPattern: pattern)
            let number = try #require(JSONNumber(double))
            if number.text != text { mismatches.append("\(bits): \(number.text), JavaScript \(text)") }
            // The text reads back as the same double (negative zero as zero, as JavaScript reads "0").
            guard case .number(let parsed) = try JSONValue(parsing: text) else { continue }
            #expect(parsed.doubleValue == double, "\(text) reads as \(parsed.doubleValue), not \(double)")
            #expect(parsed == number)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) doubles differ: \(mismatches.prefix(10))")
    }

    /// Each corpus value dispatched as WebKit's graph and as its `JSON.stringify` text, through
    /// every provider channel and the app's channels: the same message or the same error.
    @Test func graphsAndTextGiveTheSameResult() throws {
        let cases = try EngineFixture.cases("webkit-graphs.json")
        let dispatcher = GraphMessage.dispatcher
        var compared = 0
        for entry in cases {
            let webKitCase = try WebKitGraphCase(entry)
            let built = WebKitGraphCase.build(webKitCase.graph)
            defer { built.breakCycles() }
            // corelibs Foundation converts a nested container whole, so one that holds itself recurses there.
            if built.holdsItself && !FoundationObjectTests.foundationHandsOutNestedArrays { continue }
            // corelibs' NSDictionary merges keys Swift's String calls equal (NFC and NFD "é"); WebKit's keeps both.
            if built.mergedKeys { continue }
            let viaGraph = dispatcher.outcome(handlerName: webKitCase.handler, foundationBody: built.root)
            guard let text = webKitCase.text else {
                // JSON.stringify throws on a cycle: the text transports cannot send one, the graph is refused.
                #expect(built.holdsItself, "\(webKitCase.name): no text, yet no cycle")
                guard case .failure(let error) = viaGraph, case .invalidMessage(.cycle) = error.reason else {
                    Issue.record("\(webKitCase.name): a graph that holds itself gave \(viaGraph)")
                    continue
                }
                compared += 1
                continue
            }
            let viaText = dispatcher.outcome(handlerName: webKitCase.handler, jsonText: text)
            #expect(
                GraphMessage.same(viaGraph, viaText),
                "\(webKitCase.name): the graph gives \(viaGraph), the text \(text) gives \(viaText)")
            compared += 1
        }
        #expect(compared >= cases.count - (FoundationObjectTests.foundationHandsOutNestedArrays ? 1 : 6))
    }

    /// The corpus reaches every provider channel, by the handler names the providers register.
    @Test func theCorpusReachesEveryChannel() throws {
        let handlers = Set(try EngineFixture.cases("webkit-graphs.json").map { try WebKitGraphCase($0).handler })
        let registered = BridgeChannel.allProviders(origins: .anyOrigin).map(\.handlerName) + ["order", "value"]
        #expect(handlers == Set(registered))
    }

    /// What the corpus holds reads as a page means it: the values below are the engine's.
    @Test func datesAndNumbersReadAsThePageSentThem() throws {
        let cases = try Dictionary(
            uniqueKeysWithValues: EngineFixture.cases("webkit-graphs.json").map { entry in
                let webKitCase = try WebKitGraphCase(entry)
                return (webKitCase.name, webKitCase)
            })
        let dispatcher = GraphMessage.dispatcher
        func outcome(_ name: String) throws -> Result<GraphMessage, BridgeError> {
            let webKitCase = try #require(cases[name])
            return dispatcher.outcome(handlerName: webKitCase.handler, foundationBody: WebKitGraphCase.build(webKitCase.graph).root)
        }
        guard case .success(.order(let order)) = try outcome("order") else {
            Issue.record("the order was refused: \(try outcome("order"))")
            return
        }
        #expect(order.placedAt == Date(timeIntervalSince1970: 1_796_126_400.123))
        #expect(order.big == 9_007_199_254_740_994)
        #expect(order.extra.value == (try JSONValue(parsing: #"{"n":[1000000000000000,1.5e-7,123456789012345680000,5e-324]}"#)))

        guard case .failure(let epoch) = try outcome("order with a date of Date.now()") else {
            Issue.record("a bare number was read as a date")
            return
        }
        #expect(epoch.description.contains("$.placedAt: a date is read from the text JSON.stringify writes"))

        guard case .success(.value(let numbers)) = try outcome("value numbers") else {
            Issue.record("the numbers were refused")
            return
        }
        #expect(
            numbers.value.jsonText
                == "[0,0,1,-1,0.1,1000000000000000,10000000000000000,100000000000000000000,1e+21,1.5e+21,0.000001,1e-7,1.5e-7,"
                + "9007199254740992,9007199254740994,18446744073709552000,5e-324,1.7976931348623157e+308,0.30000000000000004,"
                + "0.3333333333333333,12345600]")
        guard case .success(.value(let dates)) = try outcome("value dates") else {
            Issue.record("the dates were refused")
            return
        }
        #expect(
            dates.value.jsonText
                == #"{"before":"1969-12-31T23:59:59.999Z","early":"-000001-01-01T00:00:00.000Z","epoch":"1970-01-01T00:00:00.000Z","#
                + #""far":"+275760-09-13T00:00:00.000Z","y2k":"2000-01-01T00:00:00.000Z","year10000":"+010000-01-01T00:00:00.000Z"}"#)
    }
}

/// The fixtures a JavaScript engine wrote.
enum EngineFixture {
    static func cases(_ name: String) throws -> [JSONObject] {
        let data = try Data(contentsOf: TestData.vendored.appendingPathComponent("engine/\(name)"))
        guard case .object(let fixture) = try JSONValue(parsing: data, limits: .largest), case .array(let cases)? = fixture["cases"] else {
            throw FixtureError.unreadable(name)
        }
        return cases.compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    enum FixtureError: Error { case unreadable(String) }
}

/// One value of the corpus: the handler it is posted to, the graph WebKit hands over for it, and
/// the page's `JSON.stringify` text of it (`nil` where that throws).
struct WebKitGraphCase {
    let name: String
    let handler: String
    let graph: JSONValue
    let text: String?

    init(_ entry: JSONObject) throws {
        guard case .string(let name)? = entry["name"], case .string(let handler)? = entry["handler"],
            case .bool(true)? = entry["delivered"], let graph = entry["graph"]
        else { throw EngineFixture.FixtureError.unreadable("\(entry)") }
        self.name = name
        self.handler = handler
        self.graph = graph
        if case .string(let text)? = entry["text"] { self.text = text } else { self.text = nil }
    }

    /// A graph built from its description, and what undoing its cycles takes.
    final class Built {
        var root: Any = NSNull()
        var containers: [Int: AnyObject] = [:]
        var holdsItself = false
        /// Whether the platform's dictionary kept fewer keys than the object has (corelibs' NSDictionary).
        var mergedKeys = false

        /// Empties every container, so a graph that holds itself is freed.
        func breakCycles() {
            for container in containers.values {
                (container as? NSMutableArray)?.removeAllObjects()
                (container as? NSMutableDictionary)?.removeAllObjects()
            }
        }
    }

    /// The Foundation graph `description` stands for, as WebKit builds it: one instance for each
    /// JavaScript object, however many places hold it.
    static func build(_ description: JSONValue) -> Built {
        let built = Built()
        var open: Set<Int> = []
        func node(_ description: JSONValue) -> Any {
            guard case .object(let fields) = description else { return NSNull() }
            if case .bool(let bool)? = fields["bool"] { return NSNumber(value: bool) }
            if case .string(let bits)? = fields["number"] { return NSNumber(value: Double(bitPattern: UInt64(bits, radix: 16) ?? 0)) }
            if case .string(let string)? = fields["string"] { return NSString(string: string) }
            if let date = fields["date"] {
                guard case .number(let milliseconds) = date else { return NSDate(timeIntervalSince1970: .nan) }
                return NSDate(timeIntervalSince1970: milliseconds.doubleValue / 1000)
            }
            let id = fields["id"].flatMap { value -> Int? in if case .number(let n) = value { n.exactInteger() } else { nil } } ?? -1
            if case .number(let reference)? = fields["ref"], let target = reference.exactInteger(Int.self) {
                if open.contains(target) { built.holdsItself = true }
                return built.containers[target] ?? NSNull()
            }
            if case .array(let elements)? = fields["array"] {
                let array = NSMutableArray()
                built.containers[id] = array
                open.insert(id)
                for element in elements { array.add(node(element)) }
                open.remove(id)
                return array
            }
            if case .array(let members)? = fields["object"] {
                let dictionary = NSMutableDictionary()
                built.containers[id] = dictionary
                open.insert(id)
                for member in members {
                    guard case .array(let pair) = member, pair.count == 2, case .string(let key) = pair[0] else { continue }
                    dictionary.setObject(node(pair[1]), forKey: NSString(string: key))
                }
                if dictionary.count != members.count { built.mergedKeys = true }
                open.remove(id)
                return dictionary
            }
            return NSNull()
        }
        built.root = node(description)
        return built
    }
}

/// The messages of the corpus's channels: the providers', an app's order of every field type,
/// and any JSON value.
enum GraphMessage: Sendable, Equatable {
    case provider(ProviderMessage)
    case order(Order)
    case value(SortedJSON)

    struct Order: Decodable, Sendable, Equatable {
        enum Kind: String, Decodable, Sendable, CaseIterable { case gift, plain }
        struct Nested: Decodable, Sendable, Equatable { let id: Int }
        let flag: Bool
        let name: String
        let count: Int
        let big: Int64
        let small: UInt8
        let price: Double
        let ratio: Float
        let amount: Decimal
        let placedAt: Date
        let link: URL
        let returnURL: BridgeURL
        let blob: Data
        let tags: [String]
        let scores: [String: Double]
        let note: String?
        let kind: Kind
        let nested: Nested
        let extra: SortedJSON
    }

    /// A JSON value with every object's members sorted: WebKit's dictionaries keep no order.
    struct SortedJSON: Decodable, Sendable, Equatable {
        let value: JSONValue

        init(from decoder: any Decoder) throws {
            value = Self.sorted(try JSONValue(from: decoder))
        }

        static func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let elements): return .array(elements.map(sorted))
            case .object(let object):
                let members = object.members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
                return .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: sorted($0.value)) }) ?? object)
            default: return value
            }
        }
    }

    static let dispatcher = BridgeDispatcher<GraphMessage>(
        channels: BridgeChannel.allProviders(origins: .anyOrigin).map { $0.map(GraphMessage.provider) } + [
            BridgeChannel("order", origins: .anyOrigin, decoding: Order.self, as: GraphMessage.order),
            BridgeChannel("value", origins: .anyOrigin, decoding: SortedJSON.self, as: GraphMessage.value),
        ],
        urlPolicy: .https(plusAppSchemes: ["branchapp"]))

    /// The same message, or the same error but for the place in the text a breached limit names.
    static func same(_ left: Result<GraphMessage, BridgeError>, _ right: Result<GraphMessage, BridgeError>) -> Bool {
        switch (left, right) {
        case (.success(let one), .success(let other)): return one == other
        case (.failure(var one), .failure(var other)):
            one.textPosition = nil
            other.textPosition = nil
            return one.description == other.description
        default: return false
        }
    }
}

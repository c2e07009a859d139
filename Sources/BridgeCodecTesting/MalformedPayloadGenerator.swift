import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// One malformed variant of a valid message, for testing how an app handles bad bridge payloads.
public struct MalformedPayload: Sendable, Hashable {
    /// How the variant is delivered.
    public enum Transport: String, Sendable, Hashable {
        /// As a WKWebView object body: ``body`` is strict JSON text describing the object.
        case object
        /// As JSON text posted by the page (Android, React Native, Cordova): ``body`` is the exact bytes,
        /// which may be truncated or not even UTF-8.
        case string
    }

    /// What was broken, such as `remove $.url` or `truncate at 17`.
    public var label: String
    /// How the variant is delivered.
    public var transport: Transport
    /// The body's bytes.
    public var body: [UInt8]
}

/// Turns a valid message into a deterministic, seeded sequence of malformed variants: every member removed,
/// every value replaced by every other JSON kind, numbers at the limits, hostile strings and URLs, huge
/// strings, deep nesting, duplicate keys, trailing commas, truncated bytes and invalid UTF-8.
public struct MalformedPayloadGenerator: Sendable {
    /// The valid message the variants start from.
    public let example: JSONValue
    /// The seed; the same seed gives the same sequence.
    public let seed: UInt64

    /// A generator for `example`.
    public init(example: JSONValue, seed: UInt64 = 0) {
        self.example = example
        self.seed = seed
    }

    /// A generator for a valid value of an app's own message type, written as `JSONEncoder`
    /// writes it (a `URL` as its string, a `Date` as seconds); throws what the encoder throws,
    /// such as for NaN.
    public init(encoding example: some Encodable, seed: UInt64 = 0) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        self.init(example: try JSONValue(parsing: [UInt8](encoder.encode(example)), limits: .largest), seed: seed)
    }

    /// The most variants ``variants(count:)`` returns: 100,000 (about 50 MB of bodies for a typical message).
    public static let maximumCount = 100_000

    /// The first `count` variants (from 1 to ``maximumCount``). The structural variants come first,
    /// in a fixed order; then seeded combinations of two mutations until `count` distinct variants
    /// exist (or the space runs out).
    public func variants(count: Int) throws(InvalidArgument) -> [MalformedPayload] {
        try InvalidArgument.check("count", count, allowed: 1...Self.maximumCount)
        return collect(count: count, first: singleMutations(), postedText: false)
    }

    /// `first`, then seeded combinations of two mutations, until `count` distinct variants exist (or
    /// the space runs out). With `postedText`, every variant is text a page posts (`.string`, UTF-8):
    /// bytes no string holds are left out.
    func collect(count: Int, first: some Sequence<MalformedPayload>, postedText: Bool) -> [MalformedPayload] {
        var seen = Set<MalformedPayload>()
        var result: [MalformedPayload] = []
        func add(_ variant: MalformedPayload) {
            guard result.count < count else { return }
            var variant = variant
            if postedText {
                guard String(validatingUTF8Bytes: variant.body) != nil else { return }
                variant.transport = .string
            }
            if seen.insert(variant).inserted { result.append(variant) }
        }
        for variant in first { add(variant) }
        var random = SeededRandom(seed: seed)
        let places = locations()
        var attempts = 0
        while result.count < count, attempts < count * 20 {
            attempts += 1
            let (path, _) = places[Int(random.next() % UInt64(places.count))]
            let (description, replacement) = Self.randomValue(&random)
            guard let mutated = ValueMutation(path: path, label: "", replacement: replacement).apply(example) else { continue }
            let label = "\(JSONPath(path)) = \(description)"
            add(MalformedPayload(label: label, transport: random.next() % 2 == 0 ? .object : .string, body: Array(mutated.jsonText.utf8)))
            let broken = syntaxMutations(of: mutated, random: &random)
            let pick = broken[Int(random.next() % UInt64(broken.count))]
            add(MalformedPayload(label: label + "; " + pick.label, transport: .string, body: pick.body))
        }
        return result
    }

    // MARK: Value-level mutations

    struct ValueMutation {
        let path: [JSONPath.Component]
        let label: String
        let replacement: JSONValue?  // nil removes the member

        func apply(_ value: JSONValue) -> JSONValue? {
            MalformedPayloadGenerator.replacing(path[...], in: value, with: replacement)
        }
    }

    /// Every leaf and member of the example, with its path.
    private func locations() -> [([JSONPath.Component], JSONValue)] {
        var found: [([JSONPath.Component], JSONValue)] = [([], example)]
        func walk(_ value: JSONValue, _ path: [JSONPath.Component]) {
            switch value {
            case .object(let object):
                for member in object {
                    found.append((path + [.key(member.key)], member.value))
                    walk(member.value, path + [.key(member.key)])
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    found.append((path + [.index(index)], element))
                    walk(element, path + [.index(index)])
                }
            default: break
            }
        }
        walk(example, [])
        return found
    }

    private static let otherKinds: [(String, JSONValue)] = [
        ("null", .null), ("true", .bool(true)), ("false", .bool(false)), ("0", .number(JSONNumber(0))), ("\"\"", .string("")),
        ("\"x\"", .string("x")), ("[]", .array([])), ("{}", .object(JSONObject())),
    ]

    private static let limitNumbers = ["-0", "1e308", "-1e308", "9007199254740993", "-1", "0.0000001", "1.5"]

    private static let hostileStrings: [(String, String)] = [
        ("control characters", "a\u{0}b\u{1}\u{1F}"), ("U+2028", "x\u{2028}y\u{2029}"), ("NaN as string", "NaN"),
        ("Infinity as string", "Infinity"),
        ("</script>", "</script><script>alert(1)</script>"), ("javascript: URL", "javascript:alert(document.cookie)"),
        ("data: URL", "data:text/html,<script>alert(1)</script>"), ("file: URL", "file:///etc/passwd"),
        ("relative URL", "/checkout/cancel"),
        ("protocol-relative URL", "//evil.example/"), ("user-info URL", "https://bank.example@evil.example/"),
        ("quote in URL", "https://a.example/\"x"),
        ("non-ASCII", "Zoë 😀"), ("huge string", String(repeating: "a", count: 300_000)),
    ]

    func valueLevelMutations() -> [ValueMutation] {
        var mutations: [ValueMutation] = []
        for (path, value) in locations() {
            let name = JSONPath(path).description
            if case .key = path.last { mutations.append(ValueMutation(path: path, label: "remove \(name)", replacement: nil)) }
            for (kindName, replacement) in Self.otherKinds where replacement.kind != value.kind || replacement != value {
                mutations.append(ValueMutation(path: path, label: "\(name) = \(kindName)", replacement: replacement))
            }
            for text in Self.limitNumbers {
                if let number = try? JSONValue(parsing: text) {
                    mutations.append(ValueMutation(path: path, label: "\(name) = \(text)", replacement: number))
                }
            }
            for (label, string) in Self.hostileStrings {
                mutations.append(ValueMutation(path: path, label: "\(name) = \(label)", replacement: .string(string)))
            }
            var nested: JSONValue = value
            for _ in 0..<100 { nested = .array([nested]) }
            mutations.append(ValueMutation(path: path, label: "\(name) nested 100 deep", replacement: nested))
        }
        return mutations
    }

    func singleMutations() -> [MalformedPayload] {
        var variants: [MalformedPayload] = []
        for mutation in valueLevelMutations() {
            guard let mutated = mutation.apply(example) else { continue }
            let text = Array(mutated.jsonText.utf8)
            variants.append(MalformedPayload(label: mutation.label, transport: .object, body: text))
            variants.append(MalformedPayload(label: mutation.label, transport: .string, body: text))
        }
        var random = SeededRandom(seed: seed ^ 0x5EED)
        variants += syntaxMutations(of: example, random: &random)
        return variants
    }

    // MARK: Byte-level mutations (string transport only)

    func syntaxMutations(of value: JSONValue, random: inout SeededRandom) -> [MalformedPayload] {
        let text = Array(value.jsonText.utf8)
        var variants: [MalformedPayload] = []
        func add(_ label: String, _ bytes: [UInt8]) { variants.append(MalformedPayload(label: label, transport: .string, body: bytes)) }
        for cut in stride(from: 0, to: text.count, by: max(1, text.count / 12)) { add("truncate at \(cut)", Array(text[..<cut])) }
        let position = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count))
        for (name, bytes) in [
            ("0xFF", [0xFF]), ("lone continuation 0x80", [0x80]), ("overlong 0xC0 0xAF", [0xC0, 0xAF]),
            ("encoded surrogate 0xED 0xA0 0x80", [0xED, 0xA0, 0x80]),
        ] as [(String, [UInt8])] {
            var broken = text
            broken.insert(contentsOf: bytes, at: position)
            add("invalid UTF-8 \(name) at \(position)", broken)
        }
        if case .object(let object) = value, let first = object.first {
            let duplicate = Array(("," + JSONValue.string(first.key).jsonText + ":" + first.value.jsonText).utf8)
            add("duplicate key \(JSONPath([.key(first.key)]))", Array(text.dropLast()) + duplicate + [UInt8(ascii: "}")])
            add("trailing comma", Array(text.dropLast()) + Array(",}".utf8))
            let escaped = Array(("{\"\\ud800\":1," + value.jsonText.dropFirst()).utf8)
            add("lone surrogate escape in a key", escaped)
        }
        if case .string = value {
            add("lone surrogate escape", Array(#""\ud800""#.utf8))
        }
        add("trailing data", text + Array(" x".utf8))
        add("comment", Array("// c\n".utf8) + text)
        add("byte order mark", [0xEF, 0xBB, 0xBF] + text)
        add("single quotes", text.map { $0 == UInt8(ascii: "\"") ? UInt8(ascii: "'") : $0 })
        add("NaN literal", Array("NaN".utf8))
        add("1e-400", Array("1e-400".utf8))
        add("1e400", Array("1e400".utf8))
        add("empty", [])
        add("deep nesting", [UInt8](repeating: UInt8(ascii: "["), count: 10_000))
        return variants
    }

    /// A seeded value from the troublesome corners: strings of control characters, separators, quotes,
    /// markup and astral scalars; numbers at and past the Double's edges.
    private static func randomValue(_ random: inout SeededRandom) -> (String, JSONValue) {
        let scalars: [Unicode.Scalar] = [
            "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\"", "'", "`", "<", ">", "&", "/", "\\",
            ":", ";", "#", "=", "%", " ", "a", "é", "😀", "\u{10FFFF}",
        ]
        switch random.next() % 3 {
        case 0:
            let exponent = Int(random.next() % 700) - 350
            let text = "\(random.next() % 10)e\(exponent)"
            return ("number \(text)", (try? JSONValue(parsing: text)) ?? .string(text))
        case 1:
            let prefix = ["https://", "javascript:", "data:", "", "http://", "branchapp://"][Int(random.next() % 6)]
            var text = prefix
            for _ in 0..<Int(random.next() % 24) { text.unicodeScalars.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
            return ("random string \(JSONValue.string(String(text.prefix(40))).jsonText)", .string(text))
        default:
            var text = ""
            for _ in 0..<Int(random.next() % 12) { text.unicodeScalars.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
            return ("random text \(JSONValue.string(text).jsonText)", .string(text))
        }
    }

    static func replacing(_ path: ArraySlice<JSONPath.Component>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return replacement ?? .null }
        switch (step, value) {
        case (.key(let key), .object(let object)):
            var members: [JSONObject.Member] = []
            for member in object {
                if member.key == key {
                    if path.count == 1, replacement == nil { continue }
                    guard let inner = replacing(path.dropFirst(), in: member.value, with: replacement) else { return nil }
                    members.append(JSONObject.Member(key: key, value: inner))
                } else {
                    members.append(member)
                }
            }
            // The keys come from an object, so they are unique; `nil` would mean they are not.
            return JSONObject(members).map(JSONValue.object)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            guard let inner = replacing(path.dropFirst(), in: elements[index], with: replacement) else { return nil }
            elements[index] = inner
            return .array(elements)
        default:
            return nil
        }
    }
}

/// SplitMix64: small, fast and the same on every platform, so a seed reproduces a sequence.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

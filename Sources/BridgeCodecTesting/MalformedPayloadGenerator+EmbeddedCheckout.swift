import BridgeCodec
import BridgeCodecProviders

extension MalformedPayloadGenerator {
    /// Malformed variants of the Embedded Checkout Protocol's messages, as a checkout page posts
    /// them to `EmbeddedCheckoutProtocolConsumer`: text (UTF-8, ``MalformedPayload/Transport/string``),
    /// since the page posts its JSON-RPC message as a string.
    ///
    /// The first `count` (from 1 to ``maximumCount``) distinct variants, taken from each of
    /// `examples` (valid JSON-RPC messages: by default one per method,
    /// ``ProviderExamples/embeddedCheckoutMessages``) in turn, each label starting with the
    /// example's method. Each example gives its envelope's breakages first (`jsonrpc` wrong, an id
    /// of a wrong type or too long, an id removed from a request or added to a notification, an
    /// unknown method or another method's name, params that are no object, an extra member, a
    /// batch, a duplicate key), then, in an order the seed makes, every other variant the
    /// generator makes of it (every member of its params removed or replaced, truncation, depth,
    /// …), then seeded combinations.
    public static func embeddedCheckoutVariants(
        count: Int, seed: UInt64 = 0, examples: [JSONValue] = ProviderExamples.embeddedCheckoutMessages.map(\.message)
    ) throws(InvalidArgument) -> [MalformedPayload] {
        try InvalidArgument.check("count", count, allowed: 1...maximumCount)
        guard !examples.isEmpty else { throw .rejected(name: "examples", reason: "there are no examples to break") }
        // Each example's share; where one runs out of variants, the others give more.
        var share = (count + examples.count - 1) / examples.count
        var result: [MalformedPayload] = []
        while true {
            let lists = examples.enumerated().map { index, example in
                MalformedPayloadGenerator(example: example, seed: seed &+ UInt64(index)).postedTextVariants(count: share)
            }
            result = []
            var seen = Set<MalformedPayload>()
            var position = 0
            while result.count < count, lists.contains(where: { $0.count > position }) {
                for list in lists where list.count > position && result.count < count {
                    if seen.insert(list[position]).inserted { result.append(list[position]) }
                }
                position += 1
            }
            guard result.count < count, lists.contains(where: { $0.count == share }), share < maximumCount else { break }
            share = min(maximumCount, share * 2)
        }
        return result
    }

    /// The variants of ``example``, a JSON-RPC message, as text a page posts, labelled with its method.
    func postedTextVariants(count: Int) -> [MalformedPayload] {
        var random = SeededRandom(seed: seed ^ 0xEC)
        var syntax = SeededRandom(seed: seed ^ 0x5EED)
        var others = valueLevelMutations().map(Single.value) + syntaxMutations(of: example, random: &syntax).map(Single.bytes)
        others.shuffle(using: &random)
        // Each made into text only when taken: a checkout's mutations are many, and some are long.
        let made = others.lazy.compactMap { single -> MalformedPayload? in
            switch single {
            case .bytes(let variant): return variant
            case .value(let mutation):
                return mutation.apply(example).map {
                    MalformedPayload(label: mutation.label, transport: .string, body: Array($0.jsonText.utf8))
                }
            }
        }
        let method = exampleMethod ?? "message"
        return collect(count: count, first: [AnySequence(envelopeBreakages()), AnySequence(made)].joined(), postedText: true).map {
            MalformedPayload(label: "\(method): \($0.label)", transport: $0.transport, body: $0.body)
        }
    }

    /// One variant of the example, made when it is taken.
    private enum Single {
        case value(ValueMutation)
        case bytes(MalformedPayload)
    }

    /// The ways a JSON-RPC 2.0 envelope breaks, for ``example``.
    private func envelopeBreakages() -> [MalformedPayload] {
        guard case .object(let message) = example else { return [] }
        var variants: [MalformedPayload] = []
        func add(_ label: String, _ value: JSONValue?) {
            if let value { variants.append(MalformedPayload(label: label, transport: .string, body: Array(value.jsonText.utf8))) }
        }
        func replace(_ key: String, _ label: String, _ value: JSONValue?) {
            if let value { add("$.\(key) = \(label)", Self.replacing([.key(key)], in: example, with: value)) }
        }
        func adding(_ key: String, _ value: JSONValue) -> JSONValue? {
            JSONObject(message.members + [JSONObject.Member(key: key, value: value)]).map(JSONValue.object)
        }
        replace("jsonrpc", #""1.0""#, .string("1.0"))
        replace("jsonrpc", "2.0 as a number", try? JSONValue(parsing: "2.0"))
        let name = exampleMethod ?? ""
        let isRequest = EmbeddedCheckout.Method(rawValue: name)?.isRequest ?? (message["id"] != nil)
        if isRequest {
            add("remove $.id (a request without an id)", Self.replacing([.key("id")], in: example, with: nil))
            for (label, value) in [
                ("null", JSONValue.null), ("true", .bool(true)), ("1.5", try? JSONValue(parsing: "1.5")),
                ("[1]", .array([.number(JSONNumber(1))])),
                ("{}", .object(JSONObject())), ("2^63", try? JSONValue(parsing: "9223372036854775808")),
                ("a string of 129 bytes", .string(String(repeating: "i", count: 129))),
            ] {
                replace("id", label, value)
            }
        } else {
            add("add $.id = 1 (a notification with an id)", adding("id", .number(JSONNumber(1))))
            add("add $.id = null", adding("id", .null))
        }
        replace("method", #""ec.unknown""#, .string("ec.unknown"))
        replace("method", #""""#, .string(""))
        replace("method", "uppercased", .string(name.uppercased()))
        replace("method", "1", .number(JSONNumber(1)))
        // Another method's name over this method's params: the params of another method, or a
        // request's shape for a notification.
        let methods = EmbeddedCheckout.Method.allCases.map(\.rawValue)
        if let index = methods.firstIndex(of: name) {
            let other = methods[(index + 1) % methods.count]
            replace("method", JSONValue.string(other).jsonText, .string(other))
        }
        for (label, value) in [("[]", JSONValue.array([])), ("null", .null), (#""x""#, .string("x")), ("1", .number(JSONNumber(1)))] {
            replace("params", label, value)
        }
        add("remove $.params", Self.replacing([.key("params")], in: example, with: nil))
        add("add $.extra = 1 (a member JSON-RPC does not have)", adding("extra", .number(JSONNumber(1))))
        add("a batch of the message", .array([example]))
        add("an empty batch", .array([]))
        let text = Array(example.jsonText.utf8)
        for key in ["method", "id"] where message[key] != nil {
            // The key again, with another value: the parser refuses the text.
            let again = Array(("," + JSONValue.string(key).jsonText + ":" + JSONValue.string("ec.auth").jsonText + "}").utf8)
            variants.append(MalformedPayload(label: "duplicate key $.\(key)", transport: .string, body: Array(text.dropLast()) + again))
        }
        return variants
    }

    /// The example's method, when it names one.
    private var exampleMethod: String? {
        if case .object(let message) = example, case .string(let name)? = message["method"] { name } else { nil }
    }
}

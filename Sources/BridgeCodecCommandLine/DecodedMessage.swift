import BridgeCodec
import BridgeCodecProviders

/// What `decode` reads a body as: a provider's message, or the JSON-RPC text a checkout page
/// posts to ``EmbeddedCheckout/consumerHandler``, read alone (``EmbeddedCheckout/read(_:limits:)``).
enum DecodedMessage: Sendable {
    case provider(ProviderMessage)
    case embeddedCheckout(Result<EmbeddedCheckout.Reading, EmbeddedCheckout.Refusal>)

    /// The default channels: every provider's, and the Embedded Checkout Protocol's consumer, all
    /// taking any origin. The consumer's body is the text the page posted, a string.
    static func channels() -> [BridgeChannel<DecodedMessage>] {
        BridgeChannel.allProviders(origins: .anyOrigin).map { $0.map(DecodedMessage.provider) } + [
            BridgeChannel(EmbeddedCheckout.consumerHandler, origins: .anyOrigin, decoding: String.self) { text in
                do throws(EmbeddedCheckout.Refusal) {
                    return .embeddedCheckout(.success(try EmbeddedCheckout.read(text)))
                } catch {
                    return .embeddedCheckout(.failure(error))
                }
            }
        ]
    }

    /// The Embedded Checkout Protocol message's refusal, when it is one: the line is rejected.
    var refusal: EmbeddedCheckout.Refusal? {
        if case .embeddedCheckout(.failure(let refusal)) = self { refusal } else { nil }
    }

    /// The kind `--summary` counts a read message under: a provider message's kind, or the method.
    var kind: String? {
        switch self {
        case .provider(let message): message.kind
        case .embeddedCheckout(.success(let reading)): reading.message.method.rawValue
        case .embeddedCheckout(.failure): nil
        }
    }

    /// The category `--summary` counts a refused message under, which holds no page data.
    var errorCategory: String? {
        refusal.map { "embeddedCheckout." + $0.violation.kind.rawValue }
    }

    /// `"handler": NAME` and the members that say what the message came to, written into `output`:
    /// `"kind": KIND, "message": …` for a provider's message; for an Embedded Checkout Protocol
    /// message `"kind": METHOD, "verdict": "ok", "method": METHOD` and a request's `"id"`, or the
    /// refusal's `"error": "RULE: DETAIL", "verdict": RULE, "code"` (the JSON-RPC error code a
    /// host answers with, `null` where it answers nothing), `"method"` and `"id"` (`null` where
    /// none could be read).
    func write(handler: String, with writer: SortedKeysJSONWriter, into output: inout [UInt8]) {
        output.append(contentsOf: #""handler":"#.utf8)
        JSONValue.writeString(handler, &output)
        switch self {
        case .provider(let message):
            output.append(contentsOf: #","kind":"#.utf8)
            JSONValue.writeString(message.kind, &output)
            output.append(contentsOf: #","message":"#.utf8)
            do {
                try writer.write(message, into: &output)
            } catch {
                output.append(contentsOf: "null".utf8)
            }
        case .embeddedCheckout(.success(let reading)):
            let method = reading.message.method.rawValue
            var members: [(String, JSONValue)] = [("kind", .string(method)), ("verdict", .string("ok")), ("method", .string(method))]
            if let id = reading.id { members.append(("id", id.json)) }
            Self.append(members, to: &output)
        case .embeddedCheckout(.failure(let refusal)):
            Self.append(
                [
                    ("error", .string(refusal.description)), ("verdict", .string(refusal.violation.kind.rawValue)),
                    ("code", refusal.response?.errorCode.map { .number(JSONNumber($0)) } ?? .null),
                    ("method", refusal.method.map(JSONValue.string) ?? .null), ("id", refusal.response?.id?.json ?? .null),
                ], to: &output)
        }
    }

    /// `,"name":value` for each member, in order.
    private static func append(_ members: [(String, JSONValue)], to output: inout [UInt8]) {
        for (name, value) in members {
            output.append(UInt8(ascii: ","))
            JSONValue.writeString(name, &output)
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: value.jsonText.utf8)
        }
    }
}

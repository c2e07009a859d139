import BridgeCodec
import BridgeCodecProviders

/// The one-line JSON the CLI prints for a decoded message.
enum DecodeOutput {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject())
    }

    /// The message in its provider's wire format (members sorted by key).
    static func wireValue(_ message: ProviderMessage) -> JSONValue {
        encoded(message)
    }

    /// `value` as its `Encodable` conformance writes it, members sorted by key.
    static func encoded(_ value: some Encodable) -> JSONValue {
        (try? JSONValue(encodingSortedKeys: value)) ?? .null
    }

    /// `{"handler": NAME, "kind": KIND, "message": …}`.
    static func success(handler: String, _ message: ProviderMessage) -> [(String, JSONValue)] {
        [("handler", .string(handler)), ("kind", .string(message.kind)), ("message", wireValue(message))]
    }
}

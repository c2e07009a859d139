import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting

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

    /// `{"line": N, "handler": NAME, "kind": KIND, "message": …}` or `{"line": N, "handler": NAME|null,
    /// "error": …}` (an Embedded Checkout Protocol message's members are ``DecodedMessage/write(handler:with:into:)``'s)
    /// and a line break, written straight into `output`.
    static func writeResult(
        line number: Int, _ outcome: Result<BridgeCapture.Replayed<DecodedMessage>, BridgeCapture.Failure>,
        with writer: SortedKeysJSONWriter,
        into output: inout [UInt8]
    ) {
        output.append(contentsOf: #"{"line":"#.utf8)
        output.append(contentsOf: String(number).utf8)
        output.append(UInt8(ascii: ","))
        switch outcome {
        case .success(let replayed):
            replayed.message.write(handler: replayed.handlerName, with: writer, into: &output)
        case .failure(let failure):
            output.append(contentsOf: #""handler":"#.utf8)
            if let handler = failure.handlerName {
                JSONValue.writeString(handler, &output)
            } else {
                output.append(contentsOf: "null".utf8)
            }
            output.append(contentsOf: #","error":"#.utf8)
            JSONValue.writeString(failure.description, &output)
        }
        output.append(contentsOf: "}\n".utf8)
    }
}

import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec fuzz`: malformed variants of a handler's message, as JSON lines for `decode --jsonl`.
enum FuzzCommand {
    static let help = """
        usage: bridgecodec fuzz --handler NAME [--seed N] [--count N]

        Prints COUNT (default 100, at most 100000) distinct malformed variants of a valid message for the handler
        NAME, one JSON line each: {"label": what was broken, "handler": NAME, "transport": "object"|"string", "body": …}.
        Handlers: \(handlerNames).
        An object-transport body is the JSON value; a string-transport body is the text, or "bodyBase64"
        when the bytes are not UTF-8. For \(EmbeddedCheckout.consumerHandler) the variants break a valid
        message of each of UCP's Embedded Checkout Protocol methods in turn (its envelope, then its params),
        each labelled with its method, and each body is the JSON-RPC text as WebKit delivers it: a string
        ("transport": "object"). The same seed (default 0) gives the same variants.
        Feed them to: bridgecodec decode --jsonl FILE

        """

    static func run(_ arguments: [String], input _: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(arguments, valueOptions: ["--handler", "--seed", "--count"])
            guard list.positionals.isEmpty else { throw ArgumentList.UsageError(message: "fuzz takes no operands") }
            guard let handler = list.options["--handler"] else { throw ArgumentList.UsageError(message: "--handler NAME is required") }
            let example = ProviderExamples.bodies[handler]
            let isEmbeddedCheckout = handler == EmbeddedCheckout.consumerHandler
            guard example != nil || isEmbeddedCheckout else { throw ArgumentList.UsageError(message: "unknown handler '\(handler)'") }
            let count = try list.positiveInteger("--count", default: 100)
            guard let seed = UInt64(list.options["--seed"] ?? "0") else {
                throw ArgumentList.UsageError(message: "--seed must be a non-negative integer")
            }
            let variants: [MalformedPayload]
            do throws(InvalidArgument) {
                if let example {
                    variants = try MalformedPayloadGenerator(example: example, seed: seed).variants(count: count)
                } else {
                    variants = try MalformedPayloadGenerator.embeddedCheckoutVariants(count: count, seed: seed)
                }
            } catch {
                throw ArgumentList.UsageError(message: error.described(as: "--count"))
            }
            var output = ""
            for variant in variants {
                var members: [(String, JSONValue)] = [("label", .string(variant.label)), ("handler", .string(handler))]
                if isEmbeddedCheckout, let text = String(validatingUTF8Bytes: variant.body) {
                    // The JSON-RPC text as WebKit delivers what the page posts: a string.
                    members += [("transport", .string(BridgeCapture.Transport.object.rawValue)), ("body", .string(text))]
                    output += DecodeOutput.object(members).jsonText + "\n"
                    continue
                }
                members.append(("transport", .string(variant.transport.rawValue)))
                if variant.transport == .object,
                    let value = try? JSONValue(parsing: variant.body, limits: .largest)
                {
                    members.append(("body", value))
                } else if let text = String(validatingUTF8Bytes: variant.body) {
                    members.append(("body", .string(text)))
                } else {
                    members.append(("bodyBase64", .string(Data(variant.body).base64EncodedString())))
                }
                output += DecodeOutput.object(members).jsonText + "\n"
            }
            return .success(output)
        } catch {
            return .usageError(error, command: "fuzz")
        }
    }
}

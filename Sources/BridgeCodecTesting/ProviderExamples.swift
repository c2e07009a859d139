import BridgeCodec
import BridgeCodecProviders
import SwedbankPayMerchantBackend

/// A minimal valid body for each provider channel, every member required: the starting point
/// for ``MalformedPayloadGenerator`` and a reference for app tests.
public enum ProviderExamples {
    /// The bodies by the channels' default handler names (``BridgeChannel/allProviders(origins:)``).
    public static let bodies: [String: JSONValue] = [
        "voltRedirect": object([
            ("type", .string("merchant_redirect")), ("result", .string("cancel")),
            ("url", .string("https://merchant.example/checkout/cancel?order=123")),
        ]),
        "sovHandler": object([("type", .string("height")), ("value", .number(JSONNumber(420)))]),
        "branchPlaidLink": .string("https://hosted.plaid.com/link/lp-1234"),
        "branchPlaidLinkComplete": object([
            ("status", .string("completed")), ("callbackUrl", .string("https://app.example/plaid/complete?public_token=p-1")),
        ]),
        "completed": .string("success"),
        "canceled": .null,
    ]

    /// The default handler names, sorted.
    public static var handlerNames: [String] { bodies.keys.sorted() }

    // Each example's keys are distinct literals, so `JSONObject` never refuses them.
    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject())
    }
}

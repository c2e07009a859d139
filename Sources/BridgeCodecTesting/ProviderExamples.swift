import BridgeCodec

extension BridgeChannel.Kind {
    /// A minimal valid body for this channel, every member required: the starting point for
    /// ``MalformedPayloadGenerator`` and a reference for app tests.
    public var exampleBody: JSONValue {
        // Each example's keys are distinct literals, so `JSONObject` never refuses them.
        func object(_ members: [(String, JSONValue)]) -> JSONValue {
            .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject())
        }
        switch self {
        case .voltRedirect:
            return object([
                ("type", .string("merchant_redirect")), ("result", .string("cancel")),
                ("url", .string("https://merchant.example/checkout/cancel?order=123")),
            ])
        case .sovendus:
            return object([("type", .string("height")), ("value", .number(JSONNumber(420)))])
        case .branchHostedLink:
            return .string("https://hosted.plaid.com/link/lp-1234")
        case .branchLinkComplete:
            return object([
                ("status", .string("completed")), ("callbackUrl", .string("https://app.example/plaid/complete?public_token=p-1")),
            ])
        case .swedbankPayCompleted:
            return .string("success")
        case .swedbankPayCanceled:
            return .null
        }
    }
}

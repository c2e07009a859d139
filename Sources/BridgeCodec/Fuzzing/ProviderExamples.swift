extension BridgeChannel.Kind {
    /// A minimal valid body for this channel, every member required: the starting point for
    /// ``MalformedPayloadGenerator`` and a reference for app tests.
    public var exampleBody: JSONValue {
        func object(_ members: [(String, String)]) -> JSONValue {
            .object(JSONObject(uniqueMembers: members.map { JSONObject.Member(key: $0.0, value: .string($0.1)) }))
        }
        switch self {
        case .voltRedirect:
            return object([
                ("type", "merchant_redirect"), ("result", "cancel"), ("url", "https://merchant.example/checkout/cancel?order=123"),
            ])
        case .sovendus:
            return .object(
                JSONObject(uniqueMembers: [
                    .init(key: "type", value: .string("height")), .init(key: "value", value: .number(JSONNumber(420))),
                ]))
        case .branchHostedLink:
            return .string("https://hosted.plaid.com/link/lp-1234")
        case .branchLinkComplete:
            return object([("status", "completed"), ("callbackUrl", "https://app.example/plaid/complete?public_token=p-1")])
        case .swedbankPayCompleted:
            return .string("success")
        case .swedbankPayCanceled:
            return .null
        }
    }
}

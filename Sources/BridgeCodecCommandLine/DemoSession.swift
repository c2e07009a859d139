import BridgeCodecProviders
import BridgeCodecTesting

/// A captured session of all four providers, valid and malformed, over every transport:
/// what `bridgecodec demo` decodes.
enum DemoSession {
    struct Capture {
        let handler: String
        let transport: BridgeCapture.Transport
        let body: String

        /// A capture under a provider's default handler name, as its declaration gives it.
        init(handler: BridgeProvider.Handler, transport: BridgeCapture.Transport, body: String) {
            self.init(handler: handler.name, transport: transport, body: body)
        }

        init(handler: String, transport: BridgeCapture.Transport, body: String) {
            self.handler = handler
            self.transport = transport
            self.body = body
        }
    }

    /// Schemes the demo app registers, so Plaid's completion redirect passes the URL policy.
    static let appSchemes: Set<String> = ["branchapp"]

    static let captures: [Capture] = [
        // Volt: voltRedirectCallback(data), posted as an object (iOS) or JSON text (Android, RN, Cordova).
        Capture(
            handler: .voltRedirect, transport: .object, body: #"{"type":"bank_redirect","url":"https://bank.example/authorize?id=42"}"#),
        Capture(
            handler: .voltRedirect, transport: .string,
            body: #"{"type":"merchant_redirect","result":"cancel","url":"https://merchant.example/checkout/cancel?order=123"}"#),
        Capture(handler: .voltRedirect, transport: .string, body: #"{"type":"bank_redirect","url":"javascript:alert(document.cookie)"}"#),
        Capture(handler: .voltRedirect, transport: .object, body: #"{"type":"resize","url":"https://bank.example/"}"#),
        Capture(
            handler: .voltRedirect, transport: .string,
            body: #"{"type":"merchant_redirect","result":"success","url":"https://m.example/","type":"bank_redirect"}"#),
        // Sovendus: sovHandler height and openUrl.
        Capture(handler: .sovendus, transport: .object, body: #"{"type":"height","value":"420"}"#),
        Capture(handler: .sovendus, transport: .object, body: #"{"type":"height","value":64}"#),
        Capture(handler: .sovendus, transport: .string, body: #"{"type":"openUrl","value":"https://www.sovendus.com/offer?id=7"}"#),
        Capture(handler: .sovendus, transport: .object, body: #"{"type":"height","value":true}"#),
        Capture(handler: .sovendus, transport: .string, body: #"{"type":"height","value":"NaN"}"#),
        // Branch + Plaid: the hosted link (iOS string body, Android openHostedLink argument) and its completion.
        Capture(handler: .branchHostedLink, transport: .object, body: #""https://hosted.plaid.com/link/lp-123""#),
        Capture(handler: .branchHostedLink, transport: .argument, body: "https://hosted.plaid.com/link/lp-123"),
        Capture(handler: .branchHostedLink, transport: .string, body: #""file:///data/data/com.example/secret""#),
        Capture(
            handler: .branchLinkComplete, transport: .string,
            body: #"{"status":"completed","callbackUrl":"branchapp://plaid-hosted-link-complete?public_token=p-1"}"#),
        Capture(handler: .branchLinkComplete, transport: .object, body: #"{"status":"finished"}"#),
        // Swedbank Pay: completed / canceled hooks on iOS (object) and Android (argument, no body).
        Capture(handler: .swedbankPayCompleted, transport: .object, body: #""success""#),
        Capture(handler: .swedbankPayCompleted, transport: .argument, body: "success"),
        Capture(handler: .swedbankPayCanceled, transport: .absent, body: ""),
        Capture(handler: .swedbankPayCanceled, transport: .object, body: #"{"reason":"user"}"#),
        // A handler nobody registered.
        Capture(handler: "iOSListener", transport: .string, body: #"{"type":"bank_redirect","url":"https://bank.example/"}"#),
    ]
}

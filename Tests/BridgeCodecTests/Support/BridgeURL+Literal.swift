import BridgeCodec
import BridgeCodecProviders
import SwedbankPayMerchantBackend

extension BridgeURL {
    /// A URL the test writes out, which a browser reads; a literal that is not one is a mistake in the test.
    static func literal(_ text: String) -> BridgeURL {
        guard let url = try? BridgeURL(text) else { fatalError("\(text) is not a URL a browser reads") }
        return url
    }
}

extension WebURL {
    /// A URL the test writes out, which a browser reads; a literal that is not one is a mistake in the test.
    static func literal(_ text: String) -> WebURL {
        guard let url = try? WebURL(text) else { fatalError("\(text) is not a URL a browser reads") }
        return url
    }
}

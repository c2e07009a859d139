import BridgeCodec
import Testing

@Suite("URL hosts and origins as values")
struct WebURLHostTests {
    /// Each kind of host the Standard's host parser gives, read from a URL and on its own.
    @Test func aHostIsReadAsItsKind() throws {
        let cases: [(url: String, host: WebURL.Host?)] = [
            ("https://Shop.Example/", .domain("shop.example")), ("https://0x7f.1/", .ipv4("127.0.0.1")),
            ("https://[0:0::1]:8443/", .ipv6("::1")), ("myapp://Callback/x", .opaque("Callback")), ("myapp:///x", .empty),
            ("mailto:a@b.example", nil), ("https://1.2.3.4.example/", .domain("1.2.3.4.example")),
        ]
        for (url, host) in cases {
            #expect(try WebURL(url).host == host, "\(url)")
        }
        #expect(try WebURL.Host("SHOP.example") == .domain("shop.example"))
        #expect(try WebURL.Host("127.1") == .ipv4("127.0.0.1"))
        #expect(try WebURL.Host("[::FFFF:1.2.3.4]") == .ipv6("::ffff:102:304"))
        #expect(try WebURL.Host("Callback", isSpecial: false) == .opaque("Callback"))
        #expect(try WebURL.Host("", isSpecial: false) == .empty)
        for refused in ["", "256.1.1.1", "a b", "xn--a.\u{FC}", "[::1"] {
            #expect(throws: WebURL.ParseError.invalidHost, "\(refused)") { try WebURL.Host(refused) }
        }
        #expect(WebURL.Host.ipv6("::1").description == "[::1]" && WebURL.Host.ipv4("10.0.0.1").isIPAddress)
        #expect(!WebURL.Host.domain("shop.example").isIPAddress && !WebURL.Host.opaque("x").isIPAddress)
    }

    /// A host under an app's own scheme, read as a web URL's host reads it, to compare with one.
    @Test func anOpaqueHostReadsAsAWebHost() throws {
        #expect(try WebURL("myapp://Backend.Example/x").host?.asSpecialHost == .domain("backend.example"))
        #expect(try WebURL("myapp://0x7f.1/").host?.asSpecialHost == .ipv4("127.0.0.1"))
        #expect(try WebURL("myapp://a%5Eb/").host?.asSpecialHost == nil)
        #expect(WebURL.Host.domain("shop.example").asSpecialHost == .domain("shop.example"))
        #expect(WebURL.Host.empty.asSpecialHost == .empty)
    }

    /// A tuple origin for the schemes that have one and for a `blob:` of an `http` or `https`
    /// URL; every other URL's origin is opaque, written `null`.
    @Test func anOriginIsATupleOrOpaque() throws {
        let shop = WebURL.Origin.tuple(scheme: "https", host: .domain("shop.example"), port: 8443)
        #expect(try WebURL("https://Shop.Example:8443/pay?x").origin == shop)
        #expect(shop.description == "https://shop.example:8443")
        #expect(try WebURL("blob:https://shop.example:8443/1b2c").origin == shop)
        #expect(try WebURL("http://[::1]/").origin == .tuple(scheme: "http", host: .ipv6("::1"), port: nil))
        #expect(try WebURL("http://[::1]/").origin.description == "http://[::1]")
        for opaque in ["blob:myapp://x/1", "myapp://callback", "data:text/plain,x", "about:blank"] {
            #expect(try WebURL(opaque).origin == .opaque, "\(opaque)")
        }
        #expect(WebURL.Origin.opaque.description == "null")
    }

    /// The scheme a text starts with, as a browser's scheme state reads it, whether or not the
    /// rest is a URL.
    @Test func theSchemeOfAnyText() {
        #expect(WebURL.scheme(of: " JavaScript:alert(1)") == "javascript")
        #expect(WebURL.scheme(of: "java\tscript:x") == "javascript")
        #expect(WebURL.scheme(of: "https//x") == nil && WebURL.scheme(of: "1a:x") == nil && WebURL.scheme(of: ":x") == nil)
    }

    /// A path and query items added to a URL, each item encoded, before its fragment.
    @Test func appendingAPathAndQueryItems() throws {
        let root = try WebURL("https://backend.example/m?a=1#f")
        #expect(
            try root.appending(path: "cb", queryItems: [("id", "a&b=c"), ("é", " ")]).href
                == "https://backend.example/m/cb?a=1&id=a%26b%3Dc&%C3%A9=%20#f")
        #expect(try WebURL("https://backend.example/").appending(queryItems: [("x", "1")]).href == "https://backend.example/?x=1")
    }
}

import BridgeCodec
import Foundation

extension MerchantBackend {
    /// The root endpoint's answer: where the other endpoints are, as URLs relative to the root.
    public struct Root: Sendable, Hashable, Codable {
        /// The consumers endpoint, relative to the root endpoint URL.
        public var consumers: String
        /// The payment orders endpoint, relative to the root endpoint URL.
        public var paymentorders: String

        /// The root endpoint's links.
        public init(consumers: String, paymentorders: String) {
            self.consumers = consumers
            self.paymentorders = paymentorders
        }

        /// The consumers endpoint resolved against `root`; see ``MerchantBackend/resolve(_:against:allowedDomains:)``.
        public func consumersURL(relativeTo root: URL, allowedDomains: [String]? = nil) throws(InvalidArgument) -> URL {
            try MerchantBackend.resolve(consumers, against: root, allowedDomains: allowedDomains)
        }

        /// The payment orders endpoint resolved against `root`; see ``MerchantBackend/resolve(_:against:allowedDomains:)``.
        public func paymentOrdersURL(relativeTo root: URL, allowedDomains: [String]? = nil) throws(InvalidArgument) -> URL {
            try MerchantBackend.resolve(paymentorders, against: root, allowedDomains: allowedDomains)
        }
    }

    /// `link` resolved against `root` as a browser resolves it, followed only to `allowedDomains`
    /// (by default the root's host) and their subdomains, as the SDK follows them: a host is
    /// allowed when it is a domain or ends with `.` and the domain, by whole labels, compared as a
    /// browser serializes hosts.
    public static func resolve(_ link: String, against root: URL, allowedDomains: [String]? = nil) throws(InvalidArgument) -> URL {
        guard let base = try? URLPolicy.webURLs.check(root.absoluteString), let rootHost = base.host else {
            throw .rejected(
                name: "root", reason: "the root URL \(Escaper.logString(root.absoluteString)) is not an absolute http or https URL")
        }
        guard let resolved = try? WebURL(link, base: base), let host = resolved.host, (try? URLPolicy.webURLs.check(resolved)) != nil,
            let url = try? BridgeURL(resolved)
        else {
            throw .rejected(name: "link", reason: "the link \(Escaper.logString(link)) does not resolve to an http or https URL")
        }
        // Serialized hosts are ASCII, so their `==` compares bytes.
        let serialized = host.description
        let domains = allowedDomains?.compactMap { try? WebURL.Host($0).description } ?? [rootHost.description]
        guard domains.contains(where: { serialized == $0 || serialized.hasSuffix("." + $0) }) else {
            throw .rejected(
                name: "link",
                reason: "the link's host \(Escaper.logString(serialized)) is not the backend's domain or a subdomain of it")
        }
        return url.foundationURL
    }
}

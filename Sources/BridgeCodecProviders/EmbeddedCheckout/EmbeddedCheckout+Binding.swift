import BridgeCodec

extension EmbeddedCheckout {
    /// A checkout response's embedded binding: what the business allows for this checkout, read
    /// from the response the app's server got (REST or MCP). Without an `embedded` entry in
    /// `ucp.services["dev.ucp.shopping"]` the checkout is redirect-only, and reading it throws.
    public struct Binding: Sendable, Hashable {
        /// The checkout's `ucp.version`: the session's `ec_version`.
        public let version: String
        /// The binding's `config.delegate`: the delegations the checkout allows.
        public let allowed: [Delegation]
        /// The binding's `config.color_scheme`: the schemes the business supports (empty: it names none).
        public let colorSchemes: [ColorScheme]
        /// The checkout's `continue_url`.
        public let continueURL: WebURL

        /// The binding in `checkoutResponse`, the checkout response's JSON text. Throws, naming
        /// what is missing or wrong: no embedded binding, a version that is no date, a delegation
        /// id that is none, a `continue_url` that is not https. Color schemes this release does
        /// not name are left out, as the spec lets a host ignore them.
        public init(checkoutResponse text: String) throws(InvalidArgument) {
            let checkout: JSONValue
            do throws(JSONError) {
                checkout = try JSONValue(parsing: text)
            } catch {
                throw .rejected(name: "checkoutResponse", reason: "not JSON: \(error)")
            }
            guard case .string(let version)? = member(checkout, "ucp", "version"), Session.isVersion(version) else {
                throw .rejected(name: "checkoutResponse", reason: "ucp.version is no YYYY-MM-DD date")
            }
            guard case .array(let services)? = member(checkout, "ucp", "services", "dev.ucp.shopping"),
                let embedded = services.first(where: { member($0, "transport") == .string("embedded") })
            else {
                throw .rejected(
                    name: "checkoutResponse",
                    reason: "ucp.services[\"dev.ucp.shopping\"] has no embedded binding: the checkout is redirect-only")
            }
            var allowed: [Delegation] = []
            if case .array(let ids)? = member(embedded, "config", "delegate") {
                for id in ids {
                    guard case .string(let text) = id else {
                        throw .rejected(name: "checkoutResponse", reason: "config.delegate holds \(id.jsonText), which is no delegation id")
                    }
                    let delegation = try Delegation(text)
                    if !allowed.contains(delegation) { allowed.append(delegation) }
                }
            }
            var schemes: [ColorScheme] = []
            if case .array(let names)? = member(embedded, "config", "color_scheme") {
                for case .string(let name) in names {
                    if let scheme = ColorScheme(rawValue: name), !schemes.contains(scheme) { schemes.append(scheme) }
                }
            }
            guard case .string(let url)? = member(checkout, "continue_url") else {
                throw .rejected(name: "checkoutResponse", reason: "the checkout has no continue_url")
            }
            do throws(URLPolicy.Violation) {
                continueURL = try URLPolicy.httpsOnly.check(url)
            } catch {
                throw .url(name: "continue_url", error)
            }
            self.version = version
            self.allowed = allowed
            colorSchemes = schemes
        }

        /// The URL to load for a session `requesting` these delegations (all the checkout allows
        /// by default), as ``EmbeddedCheckout/continueURL(_:version:delegations:colorScheme:auth:)``
        /// builds it. Throws for a delegation the checkout does not allow, or a color scheme it
        /// does not support (when it names the ones it does).
        public func url(requesting: [Delegation]? = nil, colorScheme: ColorScheme? = nil, auth: String? = nil) throws(InvalidArgument)
            -> WebURL
        {
            let requested = requesting ?? allowed
            if let outside = requested.first(where: { !allowed.contains($0) }) {
                throw .rejected(name: "requesting", reason: "\(outside) is not in the checkout's config.delegate")
            }
            if let colorScheme, !colorSchemes.isEmpty, !colorSchemes.contains(colorScheme) {
                throw .rejected(
                    name: "colorScheme", reason: "the checkout supports \(colorSchemes.map(\.rawValue)), not \(colorScheme.rawValue)")
            }
            return try EmbeddedCheckout.continueURL(
                continueURL.href, version: version, delegations: requested, colorScheme: colorScheme, auth: auth)
        }

        /// The session for this checkout, `requesting` these delegations (all it allows by default).
        public func session(requesting: [Delegation]? = nil, urlPolicy: URLPolicy = .httpsOnly, limits: Limits = .default)
            throws(InvalidArgument)
            -> Session
        {
            try Session(version: version, requested: requesting ?? allowed, allowed: allowed, urlPolicy: urlPolicy, limits: limits)
        }

        /// The navigation rule for the checkout's web view (`BridgeHost(…, navigation:)`): the
        /// main frame stays on the checkout's host and on `paymentHosts` (the payment redirects
        /// the app allows: 3-D Secure, bank authorization, identity checks, which return to the
        /// checkout); any other https page opens outside, as the spec asks the checkout to keep the
        /// buyer in its flow. A frame inside the page loads https (a 3-D Secure challenge),
        /// `about:blank` and `about:srcdoc`. Everything else is cancelled.
        public func navigationRule<Message>(paymentHosts: [String] = []) throws(InvalidArgument)
            -> @Sendable (BridgeHost<Message>.Navigation) -> BridgeHost<Message>.NavigationDecision
        {
            var kept = [try OriginPattern(host: checkoutHost)]
            for host in paymentHosts { kept.append(try OriginPattern(host: host)) }
            let patterns = kept
            // The host's own rule over https only decides frames, `about:` and what is refused;
            // this rule adds which https pages the main frame keeps.
            let httpsOnly = BridgeHost<Message>.allowingPolicy(.httpsOnly)
            return { navigation in
                let decision = httpsOnly(navigation)
                guard decision == .allow, navigation.isMainFrame, let url = try? WebURL(navigation.url), url.scheme == "https" else {
                    return decision
                }
                return patterns.contains { $0.matches(url.origin) } ? .allow : .openOutside(url)
            }
        }

        /// The host of `continue_url`: the host list of the channel (`BridgeChannel.embeddedCheckout(checkoutHosts:)`).
        public var checkoutHost: String { continueURL.host.map { "\($0)" } ?? "" }
    }
}

/// The member at `path` of `value`, through objects.
private func member(_ value: JSONValue, _ path: String...) -> JSONValue? {
    var current = value
    for key in path {
        guard case .object(let object) = current, let next = object[key] else { return nil }
        current = next
    }
    return current
}

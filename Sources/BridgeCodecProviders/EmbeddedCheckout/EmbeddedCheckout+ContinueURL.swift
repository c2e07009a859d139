import BridgeCodec

extension EmbeddedCheckout {
    /// The color scheme the host asks the checkout to show in (`ec_color_scheme`).
    public enum ColorScheme: String, Sendable, Hashable {
        /// `light`.
        case light
        /// `dark`.
        case dark
    }

    /// The URL the host loads: the checkout's `continue_url` with the session's `ec_` parameters,
    /// `ec_version`, `ec_delegate` (the ids joined by literal commas, as the spec's examples write
    /// them), `ec_color_scheme` and `ec_auth`. Every other character outside RFC 3986's
    /// unreserved set is percent-encoded (a space as `%20`, `+` as `%2B`, which servers that read
    /// forms take for a space). Parameters named `ec_…` already in the URL are replaced, not
    /// repeated; the others, and the fragment, stay as they are. Throws when `continueURL` is not
    /// an https URL (`URLPolicy.httpsOnly`) or `version` no `YYYY-MM-DD`.
    public static func continueURL(
        _ continueURL: String, version: String, delegations: [Delegation], colorScheme: ColorScheme? = nil, auth: String? = nil
    ) throws(InvalidArgument) -> WebURL {
        let url: WebURL
        do {
            url = try URLPolicy.httpsOnly.check(continueURL)
        } catch {
            throw .url(name: "continueURL", error)
        }
        guard Session.isVersion(version) else {
            throw .rejected(name: "version", reason: "\(Escaper.logString(version)) is no ec_version (YYYY-MM-DD)")
        }
        let kept = (url.query ?? "").split(separator: "&", omittingEmptySubsequences: true).filter { item in
            // `ec_` as the page reads the name: `_` may come percent-encoded.
            let name = (item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "").lowercased()
            return !name.hasPrefix("ec_") && !name.hasPrefix("ec%5f")
        }
        var added = ["ec_version=" + Escaper.urlQueryComponent(version)]
        if !delegations.isEmpty {
            added.append("ec_delegate=" + delegations.map { Escaper.urlQueryComponent($0.id) }.joined(separator: ","))
        }
        if let colorScheme { added.append("ec_color_scheme=" + colorScheme.rawValue) }
        if let auth { added.append("ec_auth=" + Escaper.urlQueryComponent(auth)) }
        let base = String(url.href.split(separator: "#", maxSplits: 1)[0].split(separator: "?", maxSplits: 1)[0])
        let query = (kept.map(String.init) + added).joined(separator: "&")
        let text: String = base + "?" + query + (url.fragment.map { "#" + $0 } ?? "")
        do {
            return try WebURL(text)
        } catch {
            throw .rejected(name: "continueURL", reason: "the URL with its ec_ parameters does not read: \(error)")
        }
    }
}

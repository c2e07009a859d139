import BridgeCodec

/// The completion redirect URI configured for Plaid Hosted Link (for example `branchapp://plaid-hosted-link-complete`),
/// recognised by scheme and host, ignoring ASCII case, as Branch's Android sample does.
public struct PlaidRedirectURI: Sendable, Hashable {
    /// The scheme, in ASCII lowercase.
    public let scheme: String
    /// The host, in ASCII lowercase.
    public let host: String

    /// A redirect URI with this scheme and host.
    public init(scheme: String, host: String) {
        // As a browser reads them; text that is no scheme or host is kept, and matches nothing.
        self.scheme = WebURL.scheme(of: scheme + ":").flatMap { $0.utf8.count == scheme.utf8.count ? $0 : nil } ?? scheme
        // The host as the redirect's opaque host reads beside a web host; text in no URL's ASCII reading stays as it is.
        self.host = (try? WebURL.Host(host, isSpecial: false))?.asSpecialHost?.description ?? host
    }

    /// Whether `url` is this redirect: the same scheme and host byte for byte, ignoring ASCII case; path and query may be anything.
    public func matches(_ url: String) -> Bool {
        (try? WebURL(url)).map(matches) ?? false
    }

    /// Whether `url` is this redirect.
    public func matches(_ url: WebURL) -> Bool {
        // The host of a URL of the app's own scheme is opaque: a browser keeps its case.
        guard url.scheme.utf8.elementsEqual(scheme.utf8) else { return false }
        return url.host?.asSpecialHost?.description.utf8.elementsEqual(host.utf8) ?? false
    }
}

/// How an authentication session (iOS `ASWebAuthenticationSession`, an Android Custom Tab) ended.
public enum PlaidSessionOutcome: Sendable, Hashable {
    /// The session reached a callback URL.
    case callback(url: String)
    /// The user closed the session.
    case canceledByUser
    /// The session failed; the message is shown to the page.
    case failed(message: String)
}

extension PlaidLinkCompletion {
    /// The `branchPlaidLinkComplete` detail for a session's outcome. A callback that is not
    /// `redirect` becomes an error, so the page never treats a stray URL as completion.
    public init(outcome: PlaidSessionOutcome, redirect: PlaidRedirectURI) {
        switch outcome {
        case .callback(let text):
            guard let url = try? BridgeURL(text), redirect.matches(url.webURL) else {
                self = .error(message: "the session ended at an unexpected URL")
                return
            }
            self = .completed(callbackUrl: url)
        case .canceledByUser: self = .canceled
        case .failed(let message): self = .error(message: message)
        }
    }
}

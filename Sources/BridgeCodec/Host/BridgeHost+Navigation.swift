extension BridgeHost {
    /// A navigation WebKit asks about (`decidePolicyFor`): where it goes, and whether it loads
    /// the page itself or a new window rather than a frame inside the page.
    public struct Navigation: Sendable, Hashable {
        /// The absolute URL, as WebKit reports it.
        public let url: String
        /// `navigationAction.targetFrame?.isMainFrame ?? true`: the page itself, or a new window.
        public let isMainFrame: Bool

        /// A navigation to `url`.
        public init(url: String, isMainFrame: Bool) {
            self.url = url
            self.isMainFrame = isMainFrame
        }
    }

    /// What becomes of a navigation.
    public enum NavigationDecision: Sendable, Hashable {
        /// The web view loads it.
        case allow
        /// Nothing loads.
        case cancel
        /// Nothing loads in the web view; the app opens the URL outside it (the browser, another app).
        case openOutside(WebURL)
    }

    /// The rule a host follows unless given another. The main frame loads what `policy` admits,
    /// and an app scheme it lists opens outside; a frame loads `https` and `http` as the policy
    /// admits them, and `about:blank` and `about:srcdoc`, which pages make frames of. Anything
    /// else is cancelled: a scheme the policy refuses, and text that is no URL.
    public static func allowingPolicy(_ policy: URLPolicy) -> @Sendable (Navigation) -> NavigationDecision {
        { navigation in
            guard let url = try? WebURL(navigation.url) else { return .cancel }
            if url.scheme == "about" { return ["blank", "srcdoc"].contains(url.path) ? .allow : .cancel }
            guard (try? policy.check(url)) != nil else { return .cancel }
            if ["https", "http"].contains(url.scheme) { return .allow }
            return navigation.isMainFrame ? .openOutside(url) : .cancel
        }
    }

    /// Decides `navigation`. A main-frame navigation that is allowed gets the next document's
    /// client a fresh secret: read ``documentScripts`` again and install them before WebKit goes on.
    public mutating func decide(_ navigation: Navigation) -> NavigationDecision {
        let decision = navigationRule(navigation)
        if decision == .allow && navigation.isMainFrame { renewSecret() }
        return decision
    }

    /// The main frame committed a navigation (`didCommit`): a new document, or one restored from
    /// the back/forward cache. Until its client tells the host its secret, events are held and
    /// answers to the document before are dropped.
    public mutating func committed() {
        commits += 1
        // A document that told its secret after its navigation started is the one that committed.
        if navigating { shown = nil }
        navigating = false
    }

    private mutating func renewSecret() {
        navigating = true
        let secret = BridgeSecret.random()
        // The client settings were checked when the host was made; only the secret changes.
        client = client.with(secret: secret)
        secrets.append(secret)
        if secrets.count > Self.rememberedDocuments { secrets.removeFirst(secrets.count - Self.rememberedDocuments) }
    }
}

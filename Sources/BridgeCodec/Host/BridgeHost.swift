/// What an app keeps for one web view: its channels, its page client and its navigation rule,
/// turning what WebKit reports (a navigation decided or committed, a message from a frame, the
/// app's event) into what to do, with no I/O of its own. `BridgeCodecWebKit` carries its
/// actions out on a `WKWebView` or a `WebPage`; a test or another engine can drive it alike.
///
/// The security the package proves holds here without the app's glue:
/// - **A secret per document.** Each main-frame navigation gets a client with a fresh secret in
///   ``documentScripts``. The client tells the host its secret when it is installed and whenever
///   its page is shown, so a page restored from the back/forward cache (where no user script runs
///   again) is known by the secret it holds, and a same-document navigation keeps its own.
/// - **Frames.** The client and the snippets go into the main frame only, unless a channel
///   includes frames; the dispatcher refuses an iframe a channel does not admit.
/// - **Answers to the page that asked.** An answer goes through WebKit's reply handler, to the
///   frame that asked, and an answer to a page that has since navigated away is dropped.
/// - **Events only where they may go.** An event goes to the main frame's document only when
///   its client has told the host its secret and the event's channel admits the document's
///   origin; until then it is held (``heldEvents`` at most), and delivered, in order, once such a
///   document shows. A provider's page (Volt's, a card issuer's) never receives the app's events.
public struct BridgeHost<Message: Sendable>: Sendable {
    /// The app's channels, and what checks each message.
    public let dispatcher: BridgeDispatcher<Message>
    /// The client settings each document's client is made with; only its secret changes.
    public internal(set) var client: BridgeClient
    /// Scripts injected after the client, at document start, in the same frames: the providers'
    /// snippets (`BridgeProvider.Script.build(transport: .webKitObject)`) and the app's own.
    public let snippets: [String]
    /// How many events the host holds for a document that can take them, at most.
    public let heldEvents: Int
    /// Decides each navigation.
    let navigationRule: @Sendable (Navigation) -> NavigationDecision

    /// How many events a host holds by default.
    public static var defaultHeldEvents: Int { 64 }
    /// The most events a host holds.
    public static var mostHeldEvents: Int { 4_096 }
    /// How many documents' secrets the host remembers: the page showing and those the
    /// back/forward cache may restore. A document older than these is not believed when it
    /// tells its secret, and gets no events until it is loaded again.
    public static var rememberedDocuments: Int { 16 }
    /// The handler the client tells the host its secret through: a name no channel may take.
    public static var documentHandler: String { "bridgecodecDocument" }

    /// The secrets of the documents the host has made clients for, the newest last.
    var secrets: [BridgeSecret]
    /// The document showing in the main frame, once its client has told its secret.
    var shown: ShownDocument?
    /// Counts main-frame commits: a request answered after another commit is for a page gone.
    var commits = 0
    /// Whether a main-frame navigation has started since the document showing told its secret.
    var navigating = false
    /// The events waiting for a document that may take them, oldest first.
    var held: [Event] = []

    /// A document in the main frame, known by the secret its client told.
    struct ShownDocument: Sendable {
        let secret: BridgeSecret
        let origin: FrameOrigin
    }

    /// A host for `dispatcher`'s channels. The client goes to each document with a fresh secret
    /// (``BridgeSecret/random()``) and `global`, `timeoutMilliseconds` and `keptEvents` as
    /// ``BridgeClient`` takes them; `snippets` follow it. `navigation` decides each navigation
    /// (by default, ``allowingPolicy(_:)`` with the dispatcher's URL policy).
    ///
    /// Throws when a channel takes the name ``documentHandler``, when `heldEvents` is not from 0
    /// to ``mostHeldEvents``, or for a client setting ``BridgeClient`` refuses.
    public init(
        dispatcher: BridgeDispatcher<Message>, snippets: [String] = [], global: String = BridgeClient.defaultGlobal,
        timeoutMilliseconds: Int = BridgeClient.defaultTimeoutMilliseconds, keptEvents: Int = BridgeClient.defaultKeptEvents,
        heldEvents: Int = defaultHeldEvents, navigation: (@Sendable (Navigation) -> NavigationDecision)? = nil
    ) throws(InvalidArgument) {
        if dispatcher.table.position(of: Self.documentHandler) != nil {
            throw .rejected(name: "channels", reason: "\(Self.documentHandler) is the host's own handler; a channel cannot take it")
        }
        try InvalidArgument.check("heldEvents", heldEvents, allowed: 0...Self.mostHeldEvents)
        let secret = BridgeSecret.random()
        client = try BridgeClient(
            transport: .webKitObject, secret: secret, global: global, timeoutMilliseconds: timeoutMilliseconds, keptEvents: keptEvents)
        self.dispatcher = dispatcher
        self.snippets = snippets
        self.heldEvents = heldEvents
        let urlPolicy = dispatcher.urlPolicy
        navigationRule = navigation ?? { Self.allowingPolicy(urlPolicy)($0) }
        secrets = [secret]
    }

    /// A host for a dispatcher of `channels` under `urlPolicy`; the rest as
    /// ``init(dispatcher:snippets:global:timeoutMilliseconds:keptEvents:heldEvents:navigation:)`` takes it.
    public init(
        channels: [BridgeChannel<Message>], urlPolicy: URLPolicy = .httpsOnly, snippets: [String] = [],
        navigation: (@Sendable (Navigation) -> NavigationDecision)? = nil
    ) throws(InvalidArgument) {
        try self.init(dispatcher: BridgeDispatcher(channels: channels, urlPolicy: urlPolicy), snippets: snippets, navigation: navigation)
    }

    /// A script to inject at document start: WebKit's `WKUserScript` in the page content world.
    public struct DocumentScript: Sendable, Hashable {
        /// The script's text.
        public let source: String
        /// Whether it goes into the main frame only, not into iframes.
        public let isForMainFrameOnly: Bool
    }

    /// The scripts to inject at document start for the next document the main frame loads: the
    /// client with that document's secret, then the snippets. Replace the web view's user scripts
    /// with these whenever they change (after ``decide(_:)``).
    public var documentScripts: [DocumentScript] {
        let channels = dispatcher.channels.map { ($0.handlerName, $0.answersRequests) }
        let mainFrameOnly = !dispatcher.channels.contains { $0.origins.admitsFrames }
        let clientScript = client.pageScript(channels: channels, documentHandler: Self.documentHandler)
        return ([clientScript] + snippets).map { DocumentScript(source: $0, isForMainFrameOnly: mainFrameOnly) }
    }

    /// The handlers to register, each with whether WebKit's reply handler answers it: every
    /// channel's, with a reply where the channel answers requests, and ``documentHandler``.
    public var handlers: [(name: String, replies: Bool)] {
        dispatcher.channels.map { ($0.handlerName, $0.answersRequests) } + [(Self.documentHandler, false)]
    }
}

import BridgeCodec

extension EmbeddedCheckout {
    /// The host's side of one embedded checkout, with no I/O: each message the page posts goes
    /// in (``receive(_:)``), and what to do comes out (a ``Step``). The version is fixed for the
    /// session and echoed in every answer; the handshake is checked (the page's accepted
    /// delegations within those the host requested, which are within the checkout's
    /// `config.delegate`); a request for a delegation the page did not accept is refused
    /// without reaching the app; every request is answered once, and no notification is.
    ///
    /// A new document in the main frame (a reload, a return from a payment redirect) starts a
    /// new handshake: call ``newDocument()`` when the main frame commits, and answers to the
    /// document before are dropped.
    public struct Session: Sendable {
        /// The session's `ec_version`.
        public let version: String
        /// The delegations the host requested (`ec_delegate`).
        public let requested: [Delegation]
        /// The delegations the checkout allows (`config.delegate` of its embedded binding).
        public let allowed: [Delegation]
        /// The URL policy a `window.open` request's URL must pass: https only by default.
        public let urlPolicy: URLPolicy
        /// Bounds on each message.
        public let limits: Limits
        /// The delegations the page accepted in this document's `ec.ready`; `nil` before it.
        public internal(set) var accepted: [Delegation]?
        /// Every protocol violation seen, in order.
        public internal(set) var violations: [Violation] = []

        /// Counts main-frame documents: an answer for another document is dropped.
        var document = 0
        /// Whether this document's page sent `ec.error`: the session is over.
        var ended = false
        /// The ids this document's page has used.
        var usedIDs: Set<ID> = []
        /// The requests waiting for the app's answer.
        var pending: Set<Request> = []

        /// A session for `ec_version` `version` (`YYYY-MM-DD`), the delegations the host
        /// `requested` and those the checkout `allowed`. Throws when the version is not a date,
        /// or when a requested delegation is not allowed: the host requests only what the checkout allows.
        public init(
            version: String, requested: [Delegation], allowed: [Delegation], urlPolicy: URLPolicy = .httpsOnly, limits: Limits = .default
        ) throws(InvalidArgument) {
            guard Self.isVersion(version) else {
                throw .rejected(name: "version", reason: "\(Escaper.logString(version)) is no ec_version (YYYY-MM-DD)")
            }
            if let outside = requested.first(where: { !allowed.contains($0) }) {
                throw .rejected(name: "requested", reason: "\(outside) is not in the checkout's config.delegate")
            }
            self.version = version
            self.requested = requested
            self.allowed = allowed
            self.urlPolicy = urlPolicy
            self.limits = limits
        }

        /// A request the app answers with ``answer(_:result:)``, ``decline(_:_:content:)`` or
        /// ``cancel(_:)``.
        public struct Request: Sendable, Hashable {
            /// Its id, as the page sent it.
            public let id: ID
            /// Its method.
            public let method: Method
            let document: Int
        }

        /// What a message comes to.
        public struct Step: Sendable {
            /// The method as the page named it, when it named one.
            public let method: String?
            /// The message, read and admitted; `nil` when it was refused.
            public let message: Message?
            /// For a request the app answers, its handle.
            public let request: Request?
            /// What the host sends the page now, if anything.
            public let response: Response?
            /// Why the message was refused, or the rule it broke.
            public let violation: Violation?
        }

        /// A new document shows in the main frame: its page handshakes again.
        public mutating func newDocument() {
            document += 1
            accepted = nil
            ended = false
            usedIDs = []
            pending = []
        }

        /// The answer for `request`, with `result`'s members (an object) and the session's `ucp`
        /// (`version`, `status` `success`); `nil` when the request is answered already or its
        /// document has gone.
        public mutating func answer(_ request: Request, result: JSONValue) -> Response? {
            guard pending.remove(request) != nil, request.document == document else { return nil }
            var members: [(String, JSONValue)] = [("ucp", success)]
            if case .object(let object) = result {
                members += object.members.filter { $0.key != "ucp" }.map { ($0.key, $0.value) }
            }
            return Response(id: request.id, outcome: .result(.object(Response.object(members))))
        }

        /// The answer that declines `request` with `code` and `content` (a UCP error response);
        /// `nil` when the request is answered already or its document has gone. Declining
        /// `ec.ready` (an authorization the app will not give) ends the session.
        public mutating func decline(_ request: Request, _ code: ErrorCode, content: String) -> Response? {
            guard pending.remove(request) != nil, request.document == document else { return nil }
            // A handshake the host declines ends the session: the page sends nothing more.
            if request.method == .ready { ended = true }
            return Response(id: request.id, outcome: .result(errorResponse(code, content: content)))
        }

        /// The answer for a request the buyer cancelled: `abort_error`, recoverable.
        public mutating func cancel(_ request: Request) -> Response? {
            decline(request, .abort, content: "The buyer cancelled.")
        }

        var success: JSONValue {
            .object(["version": .string(version), "status": .string("success")])
        }

        func errorResponse(_ code: ErrorCode, content: String) -> JSONValue {
            let message: JSONValue = .object(
                Response.object([
                    ("type", .string("error")), ("code", .string(code.code)), ("content", .string(content)),
                    ("severity", .string(code.severity)),
                ]))
            return .object(
                Response.object([
                    ("ucp", .object(["version": .string(version), "status": .string("error")])), ("messages", .array([message])),
                ]))
        }

        static func isVersion(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
            return bytes.enumerated().allSatisfy { index, byte in
                index == 4 || index == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
    }

    /// A rule a message broke, or why the host refused it.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// What kind.
        public let kind: Kind
        /// What exactly, for a log line.
        public let detail: String

        /// The kinds.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Text that is not one JSON value (duplicate keys, a limit passed): -32700.
            case notJSON = "not_json"
            /// No valid JSON-RPC 2.0 request or notification: -32600.
            case invalidRequest = "invalid_request"
            /// A method the protocol does not have: -32601 for a request, nothing for a notification.
            case unknownMethod = "unknown_method"
            /// Params the method does not take: -32602 for a request, nothing for a notification.
            case invalidParams = "invalid_params"
            /// A request without an id: nobody can be answered.
            case requestWithoutID = "request_without_id"
            /// A notification with an id: -32600.
            case notificationWithID = "notification_with_id"
            /// An id this document's page used before: not answered again.
            case duplicateID = "duplicate_id"
            /// A message before this document's `ec.ready`.
            case beforeReady = "before_ready"
            /// A second `ec.ready` in one document: `invalid_state_error`.
            case repeatedReady = "repeated_ready"
            /// Accepted delegations the host did not request, or the checkout does not allow: `not_supported_error`.
            case delegationNotRequested = "delegation_not_requested"
            /// A request for a delegation the page did not accept: `not_supported_error`, nothing done.
            case delegationNotAccepted = "delegation_not_accepted"
            /// A checkout in another version than the session's.
            case versionChanged = "version_changed"
            /// A message after the page's `ec.error`.
            case afterError = "after_error"
            /// More requests waiting for the app than the limit: -32000, a server error.
            case tooManyPending = "too_many_pending"
            /// A `window.open` URL the URL policy refuses: `window_open_rejected_error`. The host's
            /// policy, not a broken rule.
            case urlRefused = "url_refused"
            /// A notification the protocol does not have: ignored, as extensions may add them.
            case unknownNotification = "unknown_notification"

            /// Whether the page broke the protocol (rather than the host's policy refusing it, or a
            /// notification of an extension the host does not know).
            public var isProtocolViolation: Bool { self != .urlRefused && self != .unknownNotification }
        }

        /// `kind: detail`.
        public var description: String { "\(kind.rawValue): \(detail)" }
    }
}

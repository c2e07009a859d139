/// Why a bridge message was rejected: the handler, where in the body, and why.
public struct BridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// No channel is registered under the handler name.
        case unknownHandler
        /// The sending frame's origin is not allowed on the channel.
        case originNotAllowed(OriginPolicy.Refusal)
        /// The body did not decode as the channel's message, with the decoder's reason: not
        /// strict JSON (``JSONError/Reason/malformedJSON(_:at:)``), a limit breached, not the
        /// message's shape (an unknown discriminator among them), or a URL the ``URLPolicy``
        /// refuses (``JSONError/Reason/urlRejected(_:)``).
        // Boxed (`indirect`): an error is rare, while every dispatch reserves room for one (the
        // thrown error's slot, the text path's `Result`), and a smaller one is cheaper to return
        // and destroy.
        indirect case invalidMessage(JSONError.Reason)
        /// The page's client sent a request to a channel that answers none: it takes posts only.
        case postsOnly
        /// What the page sent over a transport that carries envelopes is not an envelope this
        /// package reads: not JSON, no handler, or a protocol version it does not know. The
        /// handler name is the envelope's when it names one.
        indirect case invalidEnvelope(JSONError.Reason)

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .unknownHandler: "no channel is registered under this handler name"
            case .originNotAllowed(let refusal): refusal.description
            case .invalidMessage(let reason): reason.description
            case .postsOnly: "the channel takes posts only and answers no request"
            case .invalidEnvelope(let reason): "not an envelope: \(reason)"
            }
        }
    }

    /// The handler name the message was posted to.
    public var handlerName: String
    /// Where in the body the problem is; the root for problems with the whole message.
    public var path: JSONPath
    /// What was wrong.
    public var reason: Reason
    /// For a limit breached in a body posted as text, where the parse stopped
    /// (``JSONError/textPosition``); `nil` otherwise.
    public var textPosition: JSONTextPosition?

    /// The error for a message posted to `handlerName`; `path` defaults to the whole body.
    public init(handlerName: String, path: JSONPath = .root, reason: Reason, textPosition: JSONTextPosition? = nil) {
        self.handlerName = handlerName
        self.path = path
        self.reason = reason
        self.textPosition = textPosition
    }

    /// A decoding error of a message posted to `handlerName`, as the dispatcher reports it.
    public init(handlerName: String, _ error: JSONError) {
        self.init(handlerName: handlerName, path: error.path, reason: .invalidMessage(error.reason), textPosition: error.textPosition)
    }

    /// `NAME: PATH: REASON`, such as `voltRedirect: $.url: URL scheme "javascript:" is never allowed`;
    /// `NAME: REASON` where the body was not read (an unknown handler, an origin refused, a
    /// request to a channel that takes posts only); `PATH: REASON` for an envelope that names no
    /// handler. Every
    /// part is escaped to stay on one printable line.
    public var description: String {
        switch reason {
        case .unknownHandler, .originNotAllowed, .postsOnly: "\(Escaper.logEscaped(handlerName)): \(reason)"
        case .invalidEnvelope where handlerName.isEmpty: "\(path): \(reason)"
        default: "\(Escaper.logEscaped(handlerName)): \(path): \(reason)"
        }
    }
}

extension BridgeError {
    /// Whether the handler names have the same code units, as the dispatcher tells handlers
    /// apart, and the paths, reasons and positions are equal.
    public static func == (lhs: BridgeError, rhs: BridgeError) -> Bool {
        lhs.handlerName.hasSameCodeUnits(as: rhs.handlerName) && lhs.path == rhs.path && lhs.reason == rhs.reason
            && lhs.textPosition == rhs.textPosition
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        handlerName.hashCodeUnits(into: &hasher)
        hasher.combine(path)
        hasher.combine(reason)
        hasher.combine(textPosition)
    }
}

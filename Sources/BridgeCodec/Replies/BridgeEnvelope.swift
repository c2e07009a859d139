/// What the page-side client (``BridgeClient``) posts over every transport but WebKit's:
/// `{"version": 1, "handler": NAME, "body": VALUE}`, with `"id": N` for a request.
package struct BridgeEnvelope: Sendable {
    /// The protocol's version, the one this package writes and reads.
    package static let version = 1

    /// The channel the body is for.
    package var handlerName: String
    /// The request's id, from 1 to ``largestRequestID`` (an integer JavaScript holds exactly);
    /// `nil` for a post.
    package var requestID: Int?
    /// The body, in the envelope's own parsed text; `nil` when the page sent none, which reads as `null`.
    package var body: JSONDocument.Node?

    /// The largest id a page can count to exactly, 2^53 − 1, or `Int.max` where `Int` is 32 bits.
    package static let largestRequestID = Int(clamping: (Int64(1) << 53) - 1)

    /// Every id a request may carry: the envelope's reader and the CLI's `script reply` hold ids to it.
    package static let requestIDs = 1...largestRequestID

    /// Why text is not an envelope this package reads, and the request it answers when its id
    /// could be read: a page waiting on that id is told at once.
    package struct Refusal: Error, Sendable, Hashable {
        /// The id of the request, when the text names one an answer can reach.
        package var requestID: Int?
        /// What was wrong, at its path in the envelope.
        package var error: BridgeError
    }

    /// Reads an envelope strictly, within `limits`: an object whose version is ``version``, whose
    /// handler is a string and whose id, when present, an integer in range; the body any value.
    /// Other members are ignored.
    package init(jsonText: String, limits: JSONLimits = .default) throws(Refusal) {
        let envelope: JSONDocument.Node
        do throws(JSONError) {
            envelope = try JSONDocument(reading: jsonText, limits: limits).root
        } catch {
            throw Refusal(requestID: nil, error: Self.error("", error.path, error.reason, error.textPosition))
        }
        guard envelope.kind == .object else {
            throw Refusal(requestID: nil, error: Self.error("", .root, .typeMismatch(expected: "an envelope object", found: envelope.kind)))
        }
        var requestID: Int?
        if let id = envelope.member(forKey: "id") {
            guard let integer = id.exactInteger(Int.self), Self.requestIDs.contains(integer) else {
                throw Refusal(
                    requestID: nil,
                    error: Self.error(
                        "", id.path, .invalidValue("\(Self.written(id)) is not a request id (1 to \(Self.largestRequestID))")))
            }
            requestID = integer
        }
        let handler = envelope.member(forKey: "handler")
        let handlerName = handler?.stringValue ?? ""
        let version = envelope.member(forKey: "version")
        guard version?.exactInteger(Int.self) == Self.version else {
            let found = version.map { "version \(Self.written($0)) is" } ?? "an envelope without a version is"
            throw Refusal(
                requestID: requestID,
                error: Self.error(
                    handlerName, JSONPath([.key("version")]), .invalidValue("\(found) not one this app reads (it reads \(Self.version))")))
        }
        switch handler?.kind {
        case .string?: break
        case nil: throw Refusal(requestID: requestID, error: Self.error("", JSONPath([.key("handler")]), .missingKey))
        case let other?:
            throw Refusal(
                requestID: requestID, error: Self.error("", JSONPath([.key("handler")]), .typeMismatch(expected: "a string", found: other)))
        }
        self.handlerName = handlerName
        self.requestID = requestID
        body = envelope.member(forKey: "body")
    }

    /// `value` as an error shows it: a number as the page wrote it, a string quoted for a log
    /// line, `true`, `false` or `null`, and an array or object by its kind.
    private static func written(_ value: JSONDocument.Node) -> String {
        switch value.kind {
        case .number: value.numberValue?.text ?? ""
        case .string: Escaper.logString(value.stringValue ?? "")
        case .bool: value.boolValue == true ? "true" : "false"
        case .null, .array, .object: value.kind.description
        }
    }

    private static func error(
        _ handlerName: String, _ path: JSONPath, _ reason: JSONError.Reason, _ textPosition: JSONTextPosition? = nil
    ) -> BridgeError {
        BridgeError(handlerName: handlerName, path: path, reason: .invalidEnvelope(reason), textPosition: textPosition)
    }
}

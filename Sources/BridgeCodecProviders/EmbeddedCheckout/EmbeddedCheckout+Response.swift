import BridgeCodec

extension EmbeddedCheckout {
    /// What the host sends the page: a JSON-RPC 2.0 response to one request.
    ///
    /// The page receives it as an object, `window.EmbeddedCheckoutProtocol.postMessage(message)`
    /// (``script``): the spec says only that the host calls `postMessage` with the JSON-RPC
    /// message, and the host businesses' pages run against (Shopify's checkout kit) passes the
    /// object, not its text. The object is written as script-safe JSON, so no string in it can
    /// end the script.
    public struct Response: Sendable, Hashable {
        /// The request's id as the page sent it, or `nil` (JSON `null`) where the message had none that could be read.
        public let id: ID?
        /// The `result` (an answer, or a UCP error response) or the JSON-RPC `error`.
        public let outcome: Outcome

        /// A response's outcome.
        public enum Outcome: Sendable, Hashable {
            /// A `result`: `ucp.status` says `success` or `error` (a UCP error response).
            case result(JSONValue)
            /// A JSON-RPC `error`, for a message that is no valid request: its code and message.
            case error(code: Int, message: String, data: String?)
        }

        /// The response as JSON.
        public var json: JSONValue {
            var members: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id?.json ?? .null)]
            switch outcome {
            case .result(let result): members.append(("result", result))
            case .error(let code, let message, let data):
                var error: [(String, JSONValue)] = [("code", .number(JSONNumber(code))), ("message", .string(message))]
                if let data { error.append(("data", .string(data))) }
                members.append(("error", .object(Self.object(error))))
            }
            return .object(Self.object(members))
        }

        /// The response as JSON text.
        public var text: String { json.jsonText }

        /// The script that hands the response to the page: `window.EmbeddedCheckoutProtocol.postMessage(message)`.
        public var script: String {
            "(function (protocol, message) { if (protocol && typeof protocol.postMessage === \"function\") protocol.postMessage(message); })"
                + "(window[\"\(EmbeddedCheckout.pageGlobal)\"], \(Escaper.scriptJSON(json)));\n"
        }

        /// The JSON-RPC error code: -32700, -32600, -32601, -32602, or `nil` for a result.
        public var errorCode: Int? {
            if case .error(let code, _, _) = outcome { code } else { nil }
        }

        static func object(_ members: [(String, JSONValue)]) -> JSONObject {
            // The members' names are distinct literals, so the object always holds them.
            JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject()
        }
    }

    /// A UCP error code the host answers a request with, and its severity.
    public struct ErrorCode: Sendable, Hashable {
        /// The code, such as `abort_error`.
        public let code: String
        /// `recoverable` or `unrecoverable`.
        public let severity: String

        /// A code of the app's own, with its severity.
        public init(_ code: String, severity: String) {
            self.code = code
            self.severity = severity
        }

        /// The buyer cancelled (closed the sheet): recoverable.
        public static let abort = ErrorCode("abort_error", severity: "recoverable")
        /// The operation or authorization type is not supported: unrecoverable.
        public static let notSupported = ErrorCode("not_supported_error", severity: "unrecoverable")
        /// The handshake came out of order: unrecoverable.
        public static let invalidState = ErrorCode("invalid_state_error", severity: "unrecoverable")
        /// The request lacked the buyer's activation: recoverable.
        public static let notAllowed = ErrorCode("not_allowed_error", severity: "recoverable")
        /// The host's policy refused to open the URL: unrecoverable.
        public static let windowOpenRejected = ErrorCode("window_open_rejected_error", severity: "unrecoverable")
        /// The host's check of the page failed: unrecoverable.
        public static let security = ErrorCode("security_error", severity: "unrecoverable")
    }
}

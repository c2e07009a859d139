import BridgeCodec

extension MerchantBackend {
    /// An RFC 7807 problem document, as the Merchant Backend and the Swedbank Pay APIs return them.
    ///
    /// Unknown members are kept in ``extensions``; the four Merchant Backend problem types are
    /// recognised as ``MerchantBackend/ProblemType`` cases, any other type stays a generic problem.
    public struct ProblemDetails: Sendable, Hashable, Decodable {
        /// The problem type URI; `about:blank` when absent, as RFC 7807 specifies.
        public var type: String
        /// A short summary.
        public var title: String?
        /// The HTTP status code.
        public var status: Int?
        /// An explanation of this occurrence.
        public var detail: String?
        /// A URI for this occurrence.
        public var instance: String?
        /// Every other member, in order.
        public var extensions: JSONObject

        /// A problem.
        public init(
            type: String, title: String? = nil, status: Int? = nil, detail: String? = nil, instance: String? = nil,
            extensions: JSONObject = JSONObject()
        ) {
            self.type = type
            self.title = title
            self.status = status
            self.detail = detail
            self.instance = instance
            self.extensions = extensions
        }

        /// The Merchant Backend problem with its type URL and status.
        public init(_ problem: MerchantBackend.ProblemType, title: String? = nil, detail: String? = nil) {
            self.init(type: problem.typeURL, title: title, status: problem.status, detail: detail)
        }

        /// The Merchant Backend problem this is, or nil for any other type.
        public var merchantBackendProblem: MerchantBackend.ProblemType? {
            MerchantBackend.ProblemType.allCases.first { $0.typeURL.utf8.elementsEqual(type.utf8) }
        }

        /// Reads a problem document; standard members must have their RFC 7807 types.
        public init(from decoder: any Decoder) throws {
            // A problem document is read once per helper request, never on the bridge: a tree is fine here.
            let path = JSONPath(codingPath: decoder.codingPath)
            let value = try JSONValue(from: decoder)
            guard case .object(let object) = value else {
                throw JSONError(path: path, reason: .typeMismatch(expected: "an object", found: value.kind))
            }
            func member(_ key: String) -> JSONValue? {
                object[key].flatMap { $0 == .null ? nil : $0 }
            }
            func optionalString(_ key: String) throws(JSONError) -> String? {
                guard let value = member(key) else { return nil }
                guard case .string(let string) = value else {
                    throw JSONError(path: path.appending(key: key), reason: .typeMismatch(expected: "a string", found: value.kind))
                }
                return string
            }
            func integer(_ key: String, _ isValid: (Int) -> Bool, else reason: String) throws(JSONError) -> Int? {
                guard let value = member(key) else { return nil }
                guard case .number(let number) = value, let integer = number.exactInteger(Int.self), isValid(integer) else {
                    throw JSONError(path: path.appending(key: key), reason: .invalidValue(reason))
                }
                return integer
            }
            type = try optionalString("type") ?? "about:blank"
            title = try optionalString("title")
            detail = try optionalString("detail")
            instance = try optionalString("instance")
            status = try integer("status", (100...599).contains, else: "status must be an HTTP status code")
            let standard: Set<String> = ["type", "title", "status", "detail", "instance"]
            var extensions = JSONObject()
            for member in object where !standard.contains(member.key) { extensions[member.key] = member.value }
            self.extensions = extensions
            // A bad gateway's members have their meaning only with their types: the upstream's
            // status an integer, its body a string.
            if merchantBackendProblem == .badGateway {
                _ = try integer("gatewayStatus", { _ in true }, else: "gatewayStatus must be an integer")
                _ = try optionalString("body")
            }
        }

        /// The document as JSON, members in RFC 7807 order, extensions after.
        public var jsonValue: JSONValue {
            var object: JSONObject = ["type": .string(type)]
            object["title"] = title.map(JSONValue.string)
            object["status"] = status.map { .number(JSONNumber($0)) }
            object["detail"] = detail.map(JSONValue.string)
            object["instance"] = instance.map(JSONValue.string)
            // A standard member's own value stands; an extension of its name is left out.
            for member in extensions where object.index(forKey: member.key) == nil { object[member.key] = member.value }
            return .object(object)
        }
    }
}

extension MerchantBackend {
    /// The problem types the Merchant Backend defines, under `https://api.payex.com/psp/errordetail/mobilesdk/`.
    public enum ProblemType: String, Sendable, Hashable, CaseIterable {
        /// The Swedbank Pay API did not respond in time (504).
        case gatewayTimeout = "gatewaytimeout"
        /// The Merchant Backend did not understand the Swedbank Pay API's response (502).
        case badGateway = "badgateway"
        /// The request lacked proper credentials (401).
        case unauthorized = "unauthorized"
        /// The Merchant Backend did not understand the request (400).
        case badRequest = "badrequest"

        /// The problem type URL.
        public var typeURL: String { "https://api.payex.com/psp/errordetail/mobilesdk/" + rawValue }

        /// The HTTP status that goes with it.
        public var status: Int {
            switch self {
            case .gatewayTimeout: 504
            case .badGateway: 502
            case .unauthorized: 401
            case .badRequest: 400
            }
        }
    }
}

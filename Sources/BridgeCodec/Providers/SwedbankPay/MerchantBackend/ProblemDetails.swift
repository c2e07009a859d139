/// An RFC 7807 problem document, as the Merchant Backend and the Swedbank Pay APIs return them.
///
/// Unknown members are kept in ``extensions``; the four Merchant Backend problem types are
/// recognised as ``MerchantBackendProblem`` cases, any other type stays a generic problem.
public struct ProblemDetails: Sendable, Hashable, Decodable, JSONValueReadable {
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
    public init(_ problem: MerchantBackendProblem, title: String? = nil, detail: String? = nil) {
        self.init(type: problem.typeURL, title: title, status: problem.status, detail: detail)
    }

    /// The Merchant Backend problem this is, or nil for any other type.
    public var merchantBackendProblem: MerchantBackendProblem? {
        MerchantBackendProblem.allCases.first { $0.typeURL.utf8.elementsEqual(type.utf8) }
    }

    /// Reads a problem document; standard members must have their RFC 7807 types.
    init<Node: JSONNode>(json: borrowing Node, at path: JSONPath, urlPolicy _: URLPolicy?) throws(JSONDecodeError) {
        // A problem document is read once per helper request, never on the bridge: a tree is fine here.
        guard case .object(let object) = try json.jsonValue else { throw json.mismatch("an object", at: path) }
        func optionalString(_ key: String) throws(JSONDecodeError) -> String? {
            guard let value = object[key], value != .null else { return nil }
            return try value.string(at: path.appending(key: key))
        }
        type = try optionalString("type") ?? "about:blank"
        title = try optionalString("title")
        detail = try optionalString("detail")
        instance = try optionalString("instance")
        if let value = object["status"], value != .null {
            guard case .number(let number) = value, let status = number.exactInteger(Int.self), (100...599).contains(status) else {
                throw JSONDecodeError(path: path.appending(key: "status"), reason: .invalidValue("status must be an HTTP status code"))
            }
            self.status = status
        } else {
            status = nil
        }
        let standard: Set<String> = ["type", "title", "status", "detail", "instance"]
        extensions = JSONObject(uniqueMembers: object.members.filter { !standard.contains($0.key) })
        // A bad gateway's members have their meaning only with their types: the upstream's
        // status an integer, its body a string.
        if merchantBackendProblem == .badGateway {
            if let value = object["gatewayStatus"], value != .null {
                guard case .number(let number) = value, number.exactInteger(Int.self) != nil else {
                    throw JSONDecodeError(
                        path: path.appending(key: "gatewayStatus"), reason: .invalidValue("gatewayStatus must be an integer"))
                }
            }
            if let value = object["body"], value != .null {
                _ = try value.string(at: path.appending(key: "body"))
            }
        }
    }

    /// The document as JSON, members in RFC 7807 order, extensions after.
    public var jsonValue: JSONValue {
        var members = [JSONObject.Member(key: "type", value: .string(type))]
        if let title { members.append(.init(key: "title", value: .string(title))) }
        if let status { members.append(.init(key: "status", value: .number(JSONNumber(status)))) }
        if let detail { members.append(.init(key: "detail", value: .string(detail))) }
        if let instance { members.append(.init(key: "instance", value: .string(instance))) }
        return .object(
            JSONObject(uniqueMembers: members + extensions.members.filter { member in !members.contains { $0.key == member.key } }))
    }
}

/// The problem types the Merchant Backend defines, under `https://api.payex.com/psp/errordetail/mobilesdk/`.
public enum MerchantBackendProblem: String, Sendable, Hashable, CaseIterable {
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

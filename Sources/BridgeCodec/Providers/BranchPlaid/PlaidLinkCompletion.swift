/// How a Plaid Hosted Link session ended: the `detail` of the `branchPlaidLinkComplete`
/// CustomEvent that the app dispatches on the page's `window`.
///
/// Wire format: `{"status": "completed", "callbackUrl": …}`, `{"status": "canceled"}` or
/// `{"status": "error", "message": …}`. Other members are tolerated.
public enum PlaidLinkCompletion: Sendable, Hashable, Codable, JSONValueReadable {
    /// Plaid redirected to the completion URI.
    case completed(callbackUrl: BridgeURL)
    /// The user closed the session.
    case canceled
    /// The session failed.
    case error(message: String)

    enum Status: String, CaseIterable {
        case completed, canceled, error
    }

    enum CodingKeys: String, CodingKey {
        case status, callbackUrl, message
    }

    /// Reads the event detail.
    init<Node: JSONNode>(json: borrowing Node, at path: JSONPath, urlPolicy: URLPolicy?) throws(JSONDecodeError) {
        try json.requireObject(at: path)
        switch try json.discriminator("status", as: Status.self, in: path) {
        case .completed: self = .completed(callbackUrl: try json.url("callbackUrl", in: path, policy: urlPolicy))
        case .canceled: self = .canceled
        case .error: self = .error(message: try json.string("message", in: path))
        }
    }

    /// The detail's members, keys sorted as ``ScriptJSONEncoder`` sorts them: the one definition
    /// of the wire format, read by ``encode(to:)`` and by the script that dispatches the event.
    var wireMembers: [(key: CodingKeys, value: String)] {
        switch self {
        case .completed(let callbackUrl): [(.callbackUrl, callbackUrl.string), (.status, Status.completed.rawValue)]
        case .canceled: [(.status, Status.canceled.rawValue)]
        case .error(let message): [(.message, message), (.status, Status.error.rawValue)]
        }
    }

    /// Encodes the event detail.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, value) in wireMembers {
            try container.encode(value, forKey: key)
        }
    }
}

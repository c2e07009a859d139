import BridgeCodec

/// How a Plaid Hosted Link session ended: the `detail` of the `branchPlaidLinkComplete`
/// CustomEvent that the app dispatches on the page's `window`.
///
/// Wire format: `{"status": "completed", "callbackUrl": …}`, `{"status": "canceled"}` or
/// `{"status": "error", "message": …}`. Other members are tolerated.
public enum PlaidLinkCompletion: Sendable, Hashable, Codable {
    /// Plaid redirected to the completion URI.
    case completed(callbackUrl: BridgeURL)
    /// The user closed the session.
    case canceled
    /// The session failed.
    case error(message: String)

    enum Status: String, CaseIterable, Decodable {
        case completed, canceled, error
    }

    enum CodingKeys: String, CodingKey {
        case status, callbackUrl, message
    }

    /// Reads the event detail.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Status.self, forKey: .status) {
        case .completed: self = .completed(callbackUrl: try container.decode(BridgeURL.self, forKey: .callbackUrl))
        case .canceled: self = .canceled
        case .error: self = .error(message: try container.decode(String.self, forKey: .message))
        }
    }

    /// The detail's members, keys sorted as `ScriptJSONEncoder` sorts them: the one definition
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

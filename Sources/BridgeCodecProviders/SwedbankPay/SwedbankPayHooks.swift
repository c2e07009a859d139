import BridgeCodec

/// The Swedbank Pay `completed` hook: `window.webkit.messageHandlers.completed.postMessage("success")`
/// on iOS, `callbacks.completed("success")` on Android.
///
/// Wire format: a JSON string, or `null` / no body.
public struct SwedbankPayCompleted: Sendable, Hashable, Codable {
    /// The status the page passed, such as `"success"`; `nil` when it passed none.
    public var status: String?

    /// A completion with an optional status.
    public init(status: String? = nil) {
        self.status = status
    }

    /// Reads a string or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        status = container.decodeNil() ? nil : try container.decode(String.self)
    }

    /// Encodes the status string, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let status { try container.encode(status) } else { try container.encodeNil() }
    }
}

/// The Swedbank Pay `canceled` hook: `window.webkit.messageHandlers.canceled.postMessage()`
/// on iOS, `callbacks.canceled()` on Android. It carries nothing.
///
/// Wire format: `null` or no body; any other body is rejected.
public struct SwedbankPayCanceled: Sendable, Hashable, Codable {
    /// The cancellation.
    public init() {}

    /// Reads `null`; anything else is an error.
    public init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decodeNil() else {
            throw JSONError(path: JSONPath(codingPath: decoder.codingPath), reason: .invalidValue("canceled takes no body"))
        }
    }

    /// Encodes `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

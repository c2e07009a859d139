import BridgeCodec

extension JSONTextPosition {
    /// The position a parse verdict compares as: none, so that a test names the reason alone.
    static let anywhere = JSONTextPosition(line: 0, column: 0, offset: 0)
}

extension JSONError.Reason {
    /// Malformed JSON for `syntax`, wherever it was found.
    static func syntax(_ syntax: JSONError.Syntax) -> Self { .malformedJSON(syntax, at: .anywhere) }

    /// This reason without the place of malformed JSON, to compare with ``syntax(_:)``.
    var positionless: Self {
        guard case .malformedJSON(let syntax, _) = self else { return self }
        return .syntax(syntax)
    }
}

extension JSONError {
    /// Where the parse stopped: malformed JSON's place, or a breached limit's.
    var offset: Int? {
        if case .malformedJSON(_, let position) = reason { return position.offset }
        return textPosition?.offset
    }
}

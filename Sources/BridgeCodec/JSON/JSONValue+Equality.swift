/// Equality as JavaScript has it: strings and keys are equal when their code units are, so
/// `"é"` precomposed and decomposed are two values, as they are two keys of a ``JSONObject``.
/// (Swift's `String ==` calls them equal: two values equal by it could answer a lookup differently.)
extension JSONValue {
    /// Whether the two values are the same JSON: same kind, strings and keys by code units,
    /// numbers by their text, arrays and objects member by member in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left.hasSameCodeUnits(as: right)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case .null: break
        case .bool(let bool): hasher.combine(bool)
        case .number(let number): hasher.combine(number)
        case .string(let string): CodeUnitKey(string).hash(into: &hasher)
        case .array(let elements): hasher.combine(elements)
        case .object(let object): hasher.combine(object)
        }
    }
}

extension JSONObject.Member {
    /// Whether the keys have the same code units and the values are equal.
    public static func == (lhs: JSONObject.Member, rhs: JSONObject.Member) -> Bool {
        lhs.key.hasSameCodeUnits(as: rhs.key) && lhs.value == rhs.value
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        CodeUnitKey(key).hash(into: &hasher)
        hasher.combine(value)
    }
}

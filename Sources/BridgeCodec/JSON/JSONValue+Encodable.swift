extension JSONValue: Encodable {
    /// Writes the value through any encoder; members in order. ``ScriptJSONEncoder`` writes
    /// numbers as their text; other encoders get an integer where the number is one, else its
    /// nearest `Double`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: PathKey.self)
            for member in object { try container.encode(member.value, forKey: PathKey(stringValue: member.key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension JSONNumber: Encodable {
    /// An integer where the number is one exactly, else its nearest `Double`; ``ScriptJSONEncoder``
    /// writes the text itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = exactInteger(Int64.self) { try container.encode(integer) } else { try container.encode(doubleValue) }
    }
}

/// Typed reads of a ``JSONValue`` for message models that decode it directly, with errors that
/// carry the path. The path of a member is built only when reading it fails.
extension JSONValue {
    func object(at path: JSONPath) throws(JSONDecodeError) -> JSONObject {
        guard case .object(let object) = self else { throw mismatch("an object", at: path) }
        return object
    }

    func string(at path: JSONPath) throws(JSONDecodeError) -> String {
        guard case .string(let string) = self else { throw mismatch("a string", at: path) }
        return string
    }

    func mismatch(_ expected: String, at path: JSONPath) -> JSONDecodeError {
        JSONDecodeError(path: path, reason: .typeMismatch(expected: expected, found: kind))
    }
}

extension JSONObject {
    /// The member `key`, or a missing-key error at its path.
    func value(_ key: String, in path: JSONPath) throws(JSONDecodeError) -> JSONValue {
        guard let position = index(forKey: key) else { throw JSONDecodeError(path: path.appending(key: key), reason: .missingKey) }
        return members[position].value
    }

    /// The string member `key`.
    func string(_ key: String, in path: JSONPath) throws(JSONDecodeError) -> String {
        let member = try value(key, in: path)
        guard case .string(let string) = member else { throw member.mismatch("a string", at: path.appending(key: key)) }
        return string
    }

    /// A string member naming one case of `Value`; any other string is an unknown discriminator.
    func discriminator<Value: RawRepresentable & CaseIterable>(
        _ key: String, as _: Value.Type, in path: JSONPath
    ) throws(JSONDecodeError) -> Value where Value.RawValue == String {
        let raw = try string(key, in: path)
        guard let value = Value(rawValue: raw) else {
            throw JSONDecodeError(path: path.appending(key: key), reason: .unknownDiscriminator(raw, known: Value.allCases.map(\.rawValue)))
        }
        return value
    }
}

/// A model that reads itself from a ``JSONValue``; its Codable decoding goes through the same code.
protocol JSONValueReadable: Decodable {
    init(json: JSONValue, at path: JSONPath) throws(JSONDecodeError)
}

extension JSONValueReadable {
    /// Decodes through ``init(json:at:)``: one definition of the message's rules for every decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), at: JSONPath(codingPath: decoder.codingPath))
    }
}

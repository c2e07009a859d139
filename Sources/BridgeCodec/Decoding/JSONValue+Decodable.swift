extension JSONValue: Decodable {
    /// Reads whatever value the decoder holds. From ``StrictJSONDecoder`` this is the parsed value
    /// itself; from any other decoder (`JSONDecoder`) it is rebuilt through the Codable containers,
    /// which do not keep object member order.
    public init(from decoder: any Decoder) throws {
        if let strict = decoder as? JSONDocumentDecoder {
            self = strict.node.jsonValue
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let double = try? single.decode(Double.self) {
            guard let number = JSONNumber(double) else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "NaN and infinity have no JSON form")
            }
            self = .number(number)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let object = try decoder.container(keyedBy: MemberKey.self)
            self = .object(
                JSONObject(
                    uniqueMembers: try object.allKeys.map {
                        JSONObject.Member(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0))
                    }))
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

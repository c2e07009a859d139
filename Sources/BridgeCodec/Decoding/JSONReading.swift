/// Typed reads for message models, with errors that carry the path. The path of a member is
/// built only when reading it fails.
extension JSONNode {
    /// A type mismatch at `path` unless this value is an object; a model then reads members from
    /// the value it was given.
    @inline(__always)
    func requireObject(at path: JSONPath) throws(JSONDecodeError) {
        guard kind == .object else { throw mismatch("an object", at: path) }
    }

    /// The string, or a type mismatch at `path`.
    @inline(__always)
    func string(at path: JSONPath) throws(JSONDecodeError) -> String {
        guard let string = stringValue else { throw mismatch("a string", at: path) }
        return string
    }

    /// A type mismatch: `expected` was wanted at `path`, this value's kind was found.
    @inline(never)
    func mismatch(_ expected: String, at path: JSONPath) -> JSONDecodeError {
        JSONDecodeError(path: path, reason: .typeMismatch(expected: expected, found: kind))
    }

    /// The member `key` of this object, or a missing-key error at its path.
    /// Keys are literals: their bytes are compared in place, and a `String` is made only for an error.
    @inline(__always)
    func member(_ key: StaticString, in path: JSONPath) throws(JSONDecodeError) -> Self {
        guard let member = member(forKey: key) else { throw Self.missing(key, in: path) }
        return member
    }

    /// The error for a missing member, made out of line: every read inlines the lookup, none needs this.
    @inline(never)
    private static func missing(_ key: StaticString, in path: JSONPath) -> JSONDecodeError {
        JSONDecodeError(path: path.appending(key: key.description), reason: .missingKey)
    }

    /// The string member `key` of this object.
    @inline(__always)
    func string(_ key: StaticString, in path: JSONPath) throws(JSONDecodeError) -> String {
        let member = try member(key, in: path)
        guard let string = member.stringValue else { throw member.mismatch("a string", at: key, in: path) }
        return string
    }

    /// The URL member `key` of this object, read as a browser reads it and checked against `policy`.
    func url(_ key: StaticString, in path: JSONPath, policy: URLPolicy?) throws(JSONDecodeError) -> BridgeURL {
        try BridgeURL.reading(string(key, in: path), at: path.appending(key: key.description), policy: policy)
    }

    /// A type mismatch of the member `key`, made out of line.
    @inline(never)
    private func mismatch(_ expected: String, at key: StaticString, in path: JSONPath) -> JSONDecodeError {
        mismatch(expected, at: path.appending(key: key.description))
    }

    /// A string member naming one case of `Value` by its raw value, compared by code units as
    /// JavaScript compares strings (Swift's `==` would let U+212A KELVIN SIGN name a case `K`);
    /// any other string is an unknown discriminator.
    func discriminator<Value: RawRepresentable<String> & CaseIterable>(
        _ key: StaticString, as _: Value.Type, in path: JSONPath
    ) throws(JSONDecodeError) -> Value {
        let member = try member(key, in: path)
        if let found = member.withStringUTF8({ utf8 in Value.allCases.first { $0.rawValue.hasCodeUnits(utf8) } }), let value = found {
            return value
        }
        throw member.unknownDiscriminator(key, as: Value.self, in: path)
    }

    /// Why this member, `key`, names no case of `Value`: not a string, or a string no case has.
    @inline(never)
    private func unknownDiscriminator<Value: RawRepresentable<String> & CaseIterable>(
        _ key: StaticString, as _: Value.Type, in path: JSONPath
    ) -> JSONDecodeError {
        let memberPath = path.appending(key: key.description)
        guard let raw = stringValue else { return mismatch("a string", at: memberPath) }
        return JSONDecodeError(path: memberPath, reason: .unknownDiscriminator(raw, known: Value.allCases.map(\.rawValue)))
    }
}

/// A model that reads itself from any ``JSONNode``; its Codable decoding goes through the same code.
protocol JSONValueReadable: Decodable, Sendable {
    /// The model read from `json`, which is borrowed: an initializer takes its arguments owned
    /// unless told otherwise, and a tree's root would be copied to hand it over. Every URL it
    /// holds is read with ``JSONNode/url(_:in:policy:)``, which applies `urlPolicy` there.
    init<Node: JSONNode>(json: borrowing Node, at path: JSONPath, urlPolicy: URLPolicy?) throws(JSONDecodeError)
}

extension JSONValueReadable {
    /// Decodes through ``init(json:at:urlPolicy:)``: one definition of the message's rules for every decoder.
    /// From ``StrictJSONDecoder`` the model reads the parsed document directly, through a view.
    public init(from decoder: any Decoder) throws {
        if let strict = decoder as? JSONDocumentDecoder {
            let node = strict.node
            let path = node.path
            let policy = node.document.urlPolicy
            self = try node.document.withView(at: node.index) { view in
                Result { () throws(JSONDecodeError) in try Self(json: view, at: path, urlPolicy: policy) }
            }.get()
        } else {
            try self.init(json: JSONValue(from: decoder), at: JSONPath(codingPath: decoder.codingPath), urlPolicy: nil)
        }
    }
}

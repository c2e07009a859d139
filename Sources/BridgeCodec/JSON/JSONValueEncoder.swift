import Foundation

extension JSONValue {
    /// Any `Encodable` value as JSON, read as `JSONEncoder` with `.sortedKeys` reads it: object
    /// members sorted (by code points), `URL` as its absolute string, `Data` as base64, `Decimal`
    /// from its digits, a `Date` in its own `Encodable` form, `nil` in a keyed container left
    /// out; a double as JavaScript writes it (``JSONNumber/init(_:)-(Double)``). NaN and infinity
    /// are refused at their path.
    ///
    /// The CLI writes its results with it: one tree and the package's own writer, where
    /// `JSONEncoder` would write text that is then read again.
    package init(encodingSortedKeys value: some Encodable) throws(JSONError) {
        let root = Slot()
        do {
            try JSONValueEncoder.write(value, into: root, path: [])
        } catch let error as JSONError {
            throw error
        } catch EncodingError.invalidValue(_, let context) {
            throw JSONError(path: JSONPath(codingPath: context.codingPath), reason: .invalidValue(context.debugDescription))
        } catch {
            throw JSONError(path: .root, reason: .invalidValue("\(error)"))
        }
        self = root.value
    }
}

/// The containers behind ``JSONValue/init(encodingSortedKeys:)``.
private enum JSONValueEncoder {
    /// `value` into `slot`: the types `JSONEncoder` writes in a form of its own first.
    fileprivate static func write(_ value: some Encodable, into slot: Slot, path: [any CodingKey]) throws {
        switch value {
        case let json as JSONValue: slot.set(json)
        case let url as URL: slot.set(.string(url.absoluteString))
        case let data as Data: slot.set(.string(data.base64EncodedString()))
        case let decimal as Decimal:
            guard let number = JSONNumber(decimal) else { throw JSONError(path: JSONPath(codingPath: path), reason: .nonFiniteNumber) }
            slot.set(.number(number))
        default: try value.encode(to: Writer(slot: slot, codingPath: path))
        }
    }
}

/// Where one value goes; containers fill it in, in place, as the value encodes itself.
private final class Slot {
    /// What the slot holds: a value, or the members or elements of a container (`nil` until one is made).
    var scalar: JSONValue?
    var members: [String: Slot]?
    var elements: [Slot]?

    var value: JSONValue {
        if let elements { return .array(elements.map(\.value)) }
        if let members {
            let sorted = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            // A dictionary's keys, so unique.
            return .object(JSONObject(uniqueMembers: sorted.map { JSONObject.Member(key: $0.key, value: $0.value.value) }))
        }
        return scalar ?? .object(JSONObject())
    }

    /// The slot of member `key`, the slot made an object if it is not one yet.
    func member(_ key: String) -> Slot {
        makeObject()
        if let slot = members?[key] { return slot }
        let slot = Slot()
        members?[key] = slot
        return slot
    }

    func makeObject() {
        guard members == nil else { return }
        scalar = nil
        elements = nil
        members = [:]
    }

    /// A new last element's slot, the slot made an array if it is not one yet.
    func append() -> Slot {
        makeArray()
        let slot = Slot()
        elements?.append(slot)
        return slot
    }

    func makeArray() {
        guard elements == nil else { return }
        scalar = nil
        members = nil
        elements = []
    }

    func set(_ value: JSONValue) {
        members = nil
        elements = nil
        scalar = value
    }

    var count: Int { elements?.count ?? 0 }
}

private struct Writer: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return Unkeyed(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }
}

/// A scalar as JSON: a double as JavaScript writes it, NaN and infinity refused at `path`.
private func scalar(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
    guard let number = JSONNumber(value) else { throw JSONError(path: JSONPath(codingPath: path), reason: .nonFiniteNumber) }
    return .number(number)
}

/// A `Float` with its own shortest digits (`0.1`, as `JSONEncoder` writes it), not those of the
/// `Double` it widens to (`0.10000000149011612`).
private func scalar(_ value: Float, at path: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else { throw JSONError(path: JSONPath(codingPath: path), reason: .nonFiniteNumber) }
    guard value != 0 else { return .number(JSONNumber(0)) }
    let text = JSONNumberText.javaScriptText(shortestForm: value.description)
    return .number(JSONNumber(validatedText: text, doubleValue: Double(text) ?? Double(value)))
}

/// A container that takes one scalar at a time, the unkeyed and the single-value one: its
/// scalars are written the one way below.
private protocol ScalarWriting {
    /// Where the next scalar goes, for the error that refuses it.
    var scalarPath: [any CodingKey] { get }
    func put(_ value: JSONValue)
}

extension ScalarWriting {
    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try scalar(value, at: scalarPath)) }
    mutating func encode(_ value: Float) throws { put(try scalar(value, at: scalarPath)) }
    mutating func encode(_ value: Int) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(JSONNumber(value))) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { slot.member(key.stringValue).set(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try scalar(value, at: codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try scalar(value, at: codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONValueEncoder.write(value, into: slot.member(key.stringValue), path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = slot.member(key.stringValue)
        nested.makeObject()
        return KeyedEncodingContainer(Keyed<NestedKey>(slot: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = slot.member(key.stringValue)
        nested.makeArray()
        return Unkeyed(slot: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { Writer(slot: slot.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        Writer(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct Unkeyed: UnkeyedEncodingContainer, ScalarWriting {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private var nextPath: [any CodingKey] { codingPath + [Index(count)] }
    var scalarPath: [any CodingKey] { nextPath }
    func put(_ value: JSONValue) { slot.append().set(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try JSONValueEncoder.write(value, into: slot.append(), path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = slot.append()
        nested.makeObject()
        return KeyedEncodingContainer(Keyed<NestedKey>(slot: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = slot.append()
        nested.makeArray()
        return Unkeyed(slot: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return Writer(slot: slot.append(), codingPath: path)
    }
}

private struct Single: SingleValueEncodingContainer, ScalarWriting {
    let slot: Slot
    let codingPath: [any CodingKey]

    var scalarPath: [any CodingKey] { codingPath }
    func put(_ value: JSONValue) { slot.set(value) }

    mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.write(value, into: slot, path: codingPath) }
}

import Foundation

/// How the decoder reads one value strictly, whichever container holds it: a boolean never a
/// number, an integer only what it holds exactly, a URL through the document's policy, a `Date`,
/// `Decimal` or `Data` in its JSON form.
@usableFromInline
enum StrictDecoding {
    @usableFromInline typealias Node = JSONDocument.Node

    static func bool(_ value: Node) throws(JSONError) -> Bool {
        guard let bool = value.boolValue else { throw value.mismatch("a boolean") }
        return bool
    }

    @usableFromInline
    static func string(_ value: Node) throws(JSONError) -> String {
        guard let string = value.stringValue else { throw value.mismatch("a string") }
        return string
    }

    static func integer<Integer: FixedWidthInteger>(_ value: Node, as _: Integer.Type) throws(JSONError) -> Integer {
        guard value.kind == .number else { throw value.mismatch("an integer") }
        guard let integer = value.exactInteger(Integer.self) else {
            throw JSONError(path: value.path, reason: .numberNotRepresentable(value.numberValue?.text ?? "", as: "\(Integer.self)"))
        }
        return integer
    }

    static func double(_ value: Node) throws(JSONError) -> Double {
        guard let double = value.doubleValue else { throw value.mismatch("a number") }
        return double
    }

    static func float(_ value: Node) throws(JSONError) -> Float {
        guard let number = value.numberValue, let double = value.doubleValue else { throw value.mismatch("a number") }
        // From the number's text, rounded once, as `JSONDecoder` reads a `Float`: through the
        // `Double` it would be rounded twice (`1.00000005960464477550` would be 1, not 1.0000001).
        let float = Float(number.text) ?? .infinity
        // Beyond Float's range, or a non-zero number it holds only as zero: refused, never
        // turned into infinity or 0 (the parser refuses the same of a Double).
        guard float.isFinite, float != 0 || double == 0 else {
            throw JSONError(path: value.path, reason: .numberNotRepresentable(number.text, as: "Float"))
        }
        return float
    }

    // Inlinable, with the casts and the single-value container's `decode`, so that the module
    // that defines `T` (a provider's or the app's) specializes it: see `BridgeChannel`.
    @inlinable
    static func decode<T: Decodable>(_ type: T.Type, from value: Node) throws -> T {
        // URL's own Codable form is an object on Apple platforms; on the bridge it is always a
        // string. A URL, and a BridgeURL, must pass the document's URL policy.
        if T.self == BridgeURL.self { return try cast(checkedURL(value), at: value) }
        if T.self == URL.self { return try cast(checkedURL(value).foundationURL, at: value) }
        // Decimal's own Codable form is an object; JSON holds an amount as a number, read here
        // from its text, exactly, as `JSONDecoder` reads it.
        if T.self == Decimal.self { return try cast(decimal(value), at: value) }
        // Date's own Codable form is seconds since 2001; the document says how its dates are read.
        if T.self == Date.self { return try cast(date(value), at: value) }
        // Data's own Codable form is an array of bytes; JSON holds it as base64 text, which
        // `JSONDecoder` reads by default.
        if T.self == Data.self {
            let text = try string(value)
            guard let data = Data(base64Encoded: text) else {
                throw JSONError(path: value.path, reason: .invalidValue("\(Escaper.logString(text)) is not base64"))
            }
            return try cast(data, at: value)
        }
        // An array is read here element by element, into storage reserved for all of them, where
        // the standard library's own decoding takes an unkeyed container and grows the array one
        // generic append at a time (the app channel's row from text misses its floor without it).
        // Only a JSON array asks the runtime whether `T` is an array.
        if value.kind == .array, let arrayType = T.self as? any DecodableArray.Type {
            return try cast(arrayType.decodeElements(of: value), at: value)
        }
        if value.kind == .object, let dictionaryType = T.self as? any DecodableStringKeyedDictionary.Type {
            return try cast(dictionaryType.decodeMembers(of: value), at: value)
        }
        do {
            // The metatype given, not `T`: `decode(Derived.self as Base.Type, …)` makes a `Derived`.
            return try type.init(from: JSONDocumentDecoder(node: value))
        } catch DecodingError.dataCorrupted(let context) {
            // A string enum's own decoding says "Cannot initialize … from invalid String value";
            // the package says which values it knows, as for the providers' discriminators.
            // Plain existentials: a cast to `any RawRepresentable<String>` has the runtime read a
            // mangled name on every call, which made each refused value slower than a message.
            if let raw = value.stringValue, let representable = T.self as? any RawRepresentable.Type, hasStringRawValue(representable) {
                if let cases = T.self as? any CaseIterable.Type, let known = stringRawValues(of: cases) {
                    if !known.contains(where: { $0.hasSameCodeUnits(as: raw) }) {
                        throw JSONError(path: value.path, reason: .unknownDiscriminator(raw, known: known))
                    }
                } else {
                    throw JSONError(path: value.path, reason: .invalidValue("\(Escaper.logString(raw)) is not a \(T.self)"))
                }
            }
            throw DecodingError.dataCorrupted(context)
        }
    }

    /// Keys are compared by code units, as JavaScript compares property names; a Swift
    /// dictionary would silently keep one of two keys of `object` that differ in code units but
    /// are one Swift `String` (canonically equivalent: NFC and NFD "é", or "K" and U+212A KELVIN
    /// SIGN), so such an object is refused where one is made. Distinct ASCII keys are never
    /// equivalent, so keys that are all ASCII need no look beyond their bytes.
    static func refuseKeysThatAreOneSwiftString(_ members: [(key: String, value: Node)], of object: Node) throws(JSONError) {
        guard members.contains(where: { $0.key.utf8.contains { $0 >= 0x80 } }) else { return }
        var seen: [String: String] = [:]
        for (second, _) in members {
            guard let first = seen.updateValue(second, forKey: second) else { continue }
            throw JSONError(
                path: object.path,
                reason: .invalidValue(
                    "keys \(Escaper.logString(first)) (\(scalars(of: first))) and \(Escaper.logString(second)) "
                        + "(\(scalars(of: second))) differ in code units but are one Swift String"))
        }
    }

    /// `U+0065 U+0301`: what tells apart two keys that print alike (the first eight scalars).
    private static func scalars(of key: String) -> String {
        let shown = key.unicodeScalars.prefix(8).map { "U+" + Escaper.hexDigits(of: $0) }
        return shown.joined(separator: " ") + (key.unicodeScalars.count > 8 ? " …" : "")
    }

    @usableFromInline
    static func hasStringRawValue<Representable: RawRepresentable>(_: Representable.Type) -> Bool {
        Representable.RawValue.self == String.self
    }

    /// The raw values of a string enum's cases.
    @usableFromInline
    static func stringRawValues<Cases: CaseIterable>(of _: Cases.Type) -> [String]? {
        var values: [String] = []
        for value in Cases.allCases {
            guard let raw = (value as? any RawRepresentable)?.rawValue as? String else { return nil }
            values.append(raw)
        }
        return values
    }

    /// A URL member read as a browser reads it, once it passes the document's URL policy.
    @usableFromInline
    static func checkedURL(_ value: Node) throws(JSONError) -> BridgeURL {
        try BridgeURL.reading(string(value), at: value.path, policy: value.document.urlPolicy)
    }

    /// An array's elements, each read by `read`, into storage reserved for all of them.
    static func elements<Element>(of value: Node, _ read: (Node) throws -> Element) throws -> [Element] {
        guard let elements = value.elements else { throw value.mismatch("an array") }
        var array: [Element] = []
        array.reserveCapacity(elements.count)
        for element in elements { array.append(try read(element)) }
        return array
    }

    /// The number's exact `Decimal`; refused when its significant digits are more than a
    /// `Decimal`'s significand holds (2^128 − 1) or its exponent is beyond its range, never rounded.
    @usableFromInline
    static func decimal(_ value: Node) throws(JSONError) -> Decimal {
        guard let number = value.numberValue else { throw value.mismatch("a number") }
        let text = number.text
        let digits = text.withUTF8Bytes(JSONNumberText.significantDigits)
        guard
            digits.count < largestDecimalSignificand.count
                || (digits.count == largestDecimalSignificand.count && !largestDecimalSignificand.lexicographicallyPrecedes(digits)),
            let decimal = Decimal(string: text, locale: posixLocale)
        else {
            throw JSONError(path: value.path, reason: .numberNotRepresentable(text, as: "Decimal"))
        }
        return decimal
    }

    /// A `Decimal`'s largest significand, 2^128 − 1: one of 39 digits fits when it is no larger
    /// (`JSONEncoder` writes such amounts), and `Decimal(string:)` would cut a larger one short.
    private static let largestDecimalSignificand = Array("340282366920938463463374607431768211455".utf8)
    private static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// `value`, of a type the caller has found equal to `T`: taken as its own type rather than
    /// boxed in `Any`, the cast is the runtime's same-type case. A `case` pattern casts straight
    /// into a `T`, where `as?` would make an `Optional<T>`, whose metadata the runtime looks up.
    @inlinable
    static func cast<T, Value>(_ value: Value, at node: Node) throws(JSONError) -> T {
        switch value {
        case let typed as T: return typed
        default: throw JSONError(path: node.path, reason: .invalidValue("cannot produce a \(T.self)"))
        }
    }
}

/// An array whose elements decode: ``StrictDecoding/decode(_:from:)`` reads it without a container.
@usableFromInline
protocol DecodableArray {
    static func decodeElements(of value: JSONDocument.Node) throws -> Self
}

extension Array: DecodableArray where Element: Decodable {
    @usableFromInline
    static func decodeElements(of value: JSONDocument.Node) throws -> [Element] {
        try StrictDecoding.elements(of: value) { element in try StrictDecoding.decode(Element.self, from: element) }
    }
}

/// A dictionary keyed by strings: its members are one Swift `String` key each, so
/// ``StrictDecoding/decode(_:from:)`` reads it here, where it can refuse two keys that would merge.
/// A model with its own keys looks each up by code units and never merges them.
@usableFromInline
protocol DecodableStringKeyedDictionary {
    static func decodeMembers(of value: JSONDocument.Node) throws -> Self
}

extension Dictionary: DecodableStringKeyedDictionary where Key == String, Value: Decodable {
    @usableFromInline
    static func decodeMembers(of value: JSONDocument.Node) throws -> [String: Value] {
        let members = value.members ?? []
        try StrictDecoding.refuseKeysThatAreOneSwiftString(members, of: value)
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(members.count)
        for (key, member) in members { dictionary[key] = try StrictDecoding.decode(Value.self, from: member) }
        return dictionary
    }
}

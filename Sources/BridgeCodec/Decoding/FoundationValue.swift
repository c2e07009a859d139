import Foundation

/// One value of a Foundation object graph, identified by its type: a JSON scalar, or a container
/// whose members are identified as the walk reaches them.
enum FoundationValue {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    /// An array's elements; `instance` is the Foundation array that holds them, `nil` for a Swift array.
    case array([Any], instance: ObjectIdentifier? = nil)
    /// A Swift dictionary, read in its own order.
    case object([String: Any])
    /// Any other dictionary's members, in its order; `instance` is the Foundation dictionary that
    /// holds them, `nil` for a Swift dictionary.
    case members([(key: String, value: Any)], instance: ObjectIdentifier? = nil)

    /// An object's members, in the order its dictionary gives them: a Swift dictionary's own, or
    /// a list read from any other dictionary.
    enum Members: Sequence {
        case dictionary([String: Any])
        case list([(key: String, value: Any)])

        struct Iterator: IteratorProtocol {
            fileprivate var dictionary: Dictionary<String, Any>.Iterator?
            fileprivate var list: IndexingIterator<[(key: String, value: Any)]>?

            mutating func next() -> (key: String, value: Any)? {
                if dictionary != nil { return dictionary?.next() }
                return list?.next()
            }
        }

        func makeIterator() -> Iterator {
            switch self {
            case .dictionary(let dictionary): Iterator(dictionary: dictionary.makeIterator(), list: nil)
            case .list(let list): Iterator(dictionary: nil, list: list.makeIterator())
            }
        }
    }

    /// The Foundation array or dictionary this value is read from: a walk must not enter it twice.
    var instance: ObjectIdentifier? {
        switch self {
        case .array(_, let identity), .members(_, let identity): identity
        default: nil
        }
    }

    /// `object` identified. Booleans are told from numbers by type, never by a cast: `as? Bool`
    /// accepts the number `1`, and `as? Int` the boolean `true`.
    init(_ object: Any) throws(JSONError) {
        let type = type(of: object)
        // The types JSONSerialization makes on Linux and apps write, cheapest first.
        if let string = Self.exact(object, of: type, as: String.self) {
            self = .string(string)
        } else if let dictionary = Self.exact(object, of: type, as: [String: Any].self) {
            self = .object(dictionary)
        } else if let array = Self.exact(object, of: type, as: [Any].self) {
            self = .array(array)
        } else if let bool = Self.exact(object, of: type, as: Bool.self) {
            self = .bool(bool)
        } else if let integer = Self.exact(object, of: type, as: Int.self) {
            self = .number(JSONNumber(integer))
        } else if let double = Self.exact(object, of: type, as: Double.self) {
            self = try .finite(double)
        } else if let json = Self.exact(object, of: type, as: JSONValue.self) {
            self = Self(json: json)
        } else if type is AnyClass {
            self = try Self(instance: object, type: type)
        } else {
            self = try Self(swiftValue: object, type: type)
        }
    }

    /// A `JSONValue`, walked as the graph it stands for.
    private init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map { $0 as Any })
        case .object(let object): self = .members(object.members.map { ($0.key, $0.value as Any) })
        }
    }

    /// An instance of a Foundation class (what WKWebView hands over on Apple platforms), or of
    /// a private subclass of one.
    ///
    /// The class is tested on the metatype before the instance is cast: a cast of an `Any` that
    /// fails, or one through `AnyObject`, asks the runtime whether the type bridges, which costs
    /// more than reading a small message.
    private init(instance: Any, type: Any.Type) throws(JSONError) {
        if type is NSString.Type, let string = instance as? NSString {
            self = .string(string as String)
        } else if type is NSNumber.Type, let number = instance as? NSNumber {
            self = try Self(number: number)
        } else if type is NSDictionary.Type, let dictionary = instance as? NSDictionary {
            self = .members(try Self.members(of: dictionary.map { ($0.key, $0.value) }), instance: ObjectIdentifier(dictionary))
        } else if type is NSArray.Type, let array = instance as? NSArray {
            self = .array(Array(array), instance: ObjectIdentifier(array))
        } else if type is NSNull.Type {
            self = .null
        } else if type is NSDate.Type, let date = instance as? NSDate {
            self = try .date(date as Date)
        } else {
            throw Self.unsupported(type)
        }
    }

    /// The class of boolean `NSNumber`s (`__NSCFBoolean` on every platform): the only reliable
    /// way to tell `true` from `1`.
    private static let booleanNumberClass = ObjectIdentifier(Swift.type(of: NSNumber(value: true)))

    private init(number: NSNumber) throws(JSONError) {
        if ObjectIdentifier(Swift.type(of: number)) == Self.booleanNumberClass {
            self = .bool(number.boolValue)
        } else if let decimal = number as? NSDecimalNumber {
            // Its `doubleValue` would round what JSONSerialization kept it for.
            self = try .decimal(text: decimal.stringValue)
        } else {
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "f"), UInt8(ascii: "d"):
                // WebKit hands a page's NaN and infinity over as such numbers; the page's
                // JSON.stringify writes them as null, and so they read.
                let double = number.doubleValue
                self = double.isFinite ? try .finite(double) : .null
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): self = .number(JSONNumber(number.uint64Value))
            default: self = .number(JSONNumber(number.int64Value))
            }
        }
    }

    /// `object`, whose own type is `type`, as `Exact` when that is exactly its type; no
    /// bridging conversion applies.
    private static func exact<Exact>(_ object: Any, of type: Any.Type, as _: Exact.Type) -> Exact? {
        type == Exact.self ? object as? Exact : nil
    }

    /// A Swift value no exact type above matched.
    private init(swiftValue object: Any, type: Any.Type) throws(JSONError) {
        // The integer types other than `Int`, each matched exactly.
        let integerTypes: [any BinaryInteger.Type] = [
            Int64.self, Int32.self, Int16.self, Int8.self, UInt.self, UInt64.self, UInt32.self, UInt16.self, UInt8.self,
        ]
        func integer<Integer: BinaryInteger>(_ integerType: Integer.Type) -> JSONNumber? {
            Self.exact(object, of: type, as: integerType).map { JSONNumber($0) }
        }
        if let number = integerTypes.lazy.compactMap({ integer($0) }).first {
            self = .number(number)
        } else if let value = Self.exact(object, of: type, as: Float.self) {
            self = try .finite(Double(value))
        } else if let value = Self.exact(object, of: type, as: Decimal.self) {
            self = try .decimal(text: value.description)
        } else if let value = Self.exact(object, of: type, as: Date.self) {
            self = try .date(value)
        } else if let dictionary = Self.exact(object, of: type, as: [AnyHashable: Any].self) {
            self = .members(try Self.members(of: dictionary))
        } else if let optional = object as? any OptionalPayload {
            // App-built dictionaries can hold `Optional`s boxed in `Any`: nil is null, a value is itself.
            if let wrapped = optional.payload {
                self = try FoundationValue(wrapped)
            } else {
                self = .null
            }
        } else if let array = object as? [Any] {
            // Typed Swift collections ([String], [String: Int], …) bridge to the general forms.
            self = .array(array)
        } else if let dictionary = object as? [String: Any] {
            self = .object(dictionary)
        } else {
            throw Self.unsupported(type)
        }
    }

    /// The members of a dictionary whose keys must all be strings, in its order.
    private static func members<Dictionary: Sequence<(key: Key, value: Any)>, Key>(
        of dictionary: Dictionary
    ) throws(JSONError) -> [(key: String, value: Any)] {
        var members: [(key: String, value: Any)] = []
        members.reserveCapacity(dictionary.underestimatedCount)
        for (key, value) in dictionary {
            // `AnyHashable` holds its key in `base`; an `NSString` key bridges to `String`.
            let unwrapped = (key as? AnyHashable)?.base ?? key
            guard let string = unwrapped as? String else { throw nonStringKey(unwrapped) }
            members.append((string, value))
        }
        return members
    }

    private static func finite(_ value: Double) throws(JSONError) -> FoundationValue {
        guard let number = JSONNumber(value) else { throw JSONError(path: .root, reason: .nonFiniteNumber) }
        return .number(number)
    }

    /// The number a `Decimal` or an `NSDecimalNumber` writes as `text`, digits kept; NaN is refused.
    private static func decimal(text: String) throws(JSONError) -> FoundationValue {
        guard let number = JSONNumber(decimalText: text) else { throw JSONError(path: .root, reason: .nonFiniteNumber) }
        return .number(number)
    }

    /// A date as the text `JSON.stringify` writes for it, so it reads as the same date posted as
    /// text; one whose interval is NaN is `null`, as `JSON.stringify` writes an invalid `Date`.
    private static func date(_ date: Date) throws(JSONError) -> FoundationValue {
        if date.timeIntervalSinceReferenceDate.isNaN { return .null }
        guard let text = JavaScriptDate.text(of: date) else {
            throw JSONError(path: .root, reason: .invalidValue(JavaScriptDate.beyondRange))
        }
        return .string(text)
    }

    private static func unsupported(_ type: Any.Type) -> JSONError {
        JSONError(path: .root, reason: .unsupportedObject(typeName: String(describing: type)))
    }

    private static func nonStringKey(_ key: Any) -> JSONError {
        JSONError(path: .root, reason: .nonStringKey(typeName: String(describing: Swift.type(of: key))))
    }
}

/// An `Optional` of any type, whatever it wraps: how a value boxed in `Any` is found to be one.
private protocol OptionalPayload {
    /// The wrapped value; `nil` for `nil`.
    var payload: Any? { get }
}

extension Optional: OptionalPayload {
    fileprivate var payload: Any? { map { $0 } }
}

import Foundation

/// One value of a Foundation object graph (a `WKScriptMessage.body`), identified by its type:
/// a JSON scalar, or a container exactly as Foundation handed it over, whose members are
/// identified only when something reads them.
///
/// Identifying a value checks what can be checked of it alone: that it has a JSON form and,
/// for a number, that it is finite. Limits and containers' contents are ``FoundationGraph``'s.
enum FoundationValue {
    /// `null`, a boolean, a number or a string.
    case scalar(Scalar)
    /// A dictionary.
    case object(Object)
    /// An array, as Swift values (an `NSArray` is bridged).
    case array([Any])

    /// The values that are neither objects nor arrays, each as it came.
    enum Scalar {
        /// `NSNull`, or an `Optional` that is `nil`.
        case null
        /// A boolean `NSNumber` or a Swift `Bool`.
        case bool(Bool)
        /// A signed integer, or an unsigned one below 2^63.
        case integer(Int64)
        /// An unsigned integer of 2^63 or more.
        case unsignedInteger(UInt64)
        /// A finite floating-point number.
        case double(Double)
        /// A number Foundation keeps as exact decimal text (`NSDecimalNumber`, Swift's `Decimal`):
        /// JSONSerialization makes one of a number a `Double` would round (`1.00000000000000001`).
        /// The text, checked to be a JSON number; kept as text so that this case is no larger
        /// than a string's, which every value of the graph is moved as.
        case decimal(String)
        /// A string; it shares the graph's storage.
        case string(String)
    }

    /// The three dictionaries Foundation hands out.
    enum Object {
        /// `[String: Any]`: JSONSerialization's top level on Linux, and app-built bodies.
        case strings([String: Any])
        /// `[AnyHashable: Any]`: nested dictionaries from JSONSerialization on Linux.
        case hashables([AnyHashable: Any])
        /// `NSDictionary` and its private subclasses: what WKWebView hands over on Apple platforms.
        case instance(FoundationDictionary)
    }

    /// The class Foundation uses for boolean `NSNumber`s (`__NSCFBoolean` on every platform),
    /// which is the only reliable way to tell `true` from `1`: `as? Bool` accepts both.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    /// The class of the numbers Foundation makes of integers and doubles (`__NSCFNumber` on Apple
    /// platforms, `NSNumber` on Linux).
    private static let plainNumberClass = ObjectIdentifier(type(of: NSNumber(value: 1.5)))

    /// `object` identified.
    init(_ object: Any) throws(JSONDecodeError) {
        // Opened once: every test below compares the value's own metatype, a pointer, and a
        // match takes the value as it is. Asking `type(of:)` of the existential and casting it
        // (`as?`) cost about 250 instructions per value in the runtime, even for a match.
        func opened<Value>(_ value: Value) throws(JSONDecodeError) -> FoundationValue {
            try Self.identify(value, object)
        }
        self = try opened(object)
    }

    /// `object` identified, for an `Any` the caller is done with (the body it was handed, a
    /// member's value copied out of its dictionary): a Swift string or `[String: Any]` is moved
    /// out of it, an empty one left behind, instead of copied and then destroyed with the `Any`.
    /// Each copy and destroy of a heap string or dictionary is an atomic retain and release,
    /// which cost more time than their instruction count says (Volt's object graph: 236 -> 216 ns).
    init(taking object: consuming Any) throws(JSONDecodeError) {
        if let taken = Self.takeSwiftValue(&object) {
            self = taken
        } else {
            self = try FoundationValue(object)
        }
    }

    /// The Swift string or `[String: Any]` in `object`, moved out; `nil`, with `object` untouched,
    /// for any other value.
    private static func takeSwiftValue(_ object: inout Any) -> FoundationValue? {
        // Opened in place (inout), so the value is reached where the `Any` holds it.
        func opened<Value>(_ value: inout Value) -> FoundationValue? {
            if Value.self == String.self {
                return withUnsafeMutablePointer(to: &value) { .scalar(.string(take(UnsafeMutableRawPointer($0), leaving: ""))) }
            }
            if Value.self == [String: Any].self {
                return withUnsafeMutablePointer(to: &value) { .object(.strings(take(UnsafeMutableRawPointer($0), leaving: [:]))) }
            }
            return nil
        }
        return opened(&object)
    }

    /// The Swift string in `object`, moved out as ``init(taking:)`` moves it; `nil`, with `object`
    /// untouched, for any other value (an `NSString` included).
    static func takeSwiftString(_ object: inout Any) -> String? {
        func opened<Value>(_ value: inout Value) -> String? {
            guard Value.self == String.self else { return nil }
            return withUnsafeMutablePointer(to: &value) { take(UnsafeMutableRawPointer($0), leaving: "") }
        }
        return opened(&object)
    }

    /// The string an `NSString` (or a subclass) in `object` bridges to; `nil` for any other value.
    static func bridgedString(_ object: Any) -> String? {
        func opened<Value>(_ value: Value) -> String? {
            guard Value.self is AnyClass || Value.self == AnyObject.self else { return nil }
            let instance = unsafeBitCast(value, to: AnyObject.self)
            guard case .string? = FoundationClass(of: instance) else { return nil }
            return unsafeDowncast(instance, to: NSString.self) as String
        }
        return opened(object)
    }

    /// The `Taken` at `pointer`, moved out, with `empty` left in its place; `pointer` holds an
    /// initialized `Taken` (the caller compared the types). An empty string or dictionary is a
    /// shared constant, so neither leaving it nor later destroying it counts references.
    /// Concrete in `Taken` and given a raw pointer: a generic `swap` in the opened function
    /// went through value witnesses that copied the string.
    @inline(__always)
    private static func take<Taken>(_ pointer: UnsafeMutableRawPointer, leaving empty: Taken) -> Taken {
        let taken = pointer.assumingMemoryBound(to: Taken.self)
        defer { taken.initialize(to: empty) }
        return taken.move()
    }

    /// `value`, which is `object` opened as its own type `Value`.
    /// `object` stays beside it for the runtime's casts and `Mirror`, which take an `Any`.
    private static func identify<Value>(_ value: Value, _ object: Any) throws(JSONDecodeError) -> FoundationValue {
        // The exact Swift types first: a cast to a type the value does not have costs far more
        // than the comparison.
        if Value.self == String.self { return .scalar(.string(unsafeBitCast(value, to: String.self))) }
        if Value.self == [String: Any].self { return .object(.strings(unsafeBitCast(value, to: [String: Any].self))) }
        // Class instances and Swift values take separate roads: casting a Swift dictionary to a
        // Foundation class (`as? NSNumber`) makes the runtime bridge the whole dictionary first.
        // `AnyObject` itself: an `Any` made from a class existential (an `NSDictionary`'s values
        // as `allValues` lists them on Linux) holds the existential, not the class.
        if Value.self is AnyClass || Value.self == AnyObject.self {
            return try identify(instance: unsafeBitCast(value, to: AnyObject.self), object)
        }
        if Value.self == [AnyHashable: Any].self { return .object(.hashables(unsafeBitCast(value, to: [AnyHashable: Any].self))) }
        if Value.self == [Any].self { return .array(unsafeBitCast(value, to: [Any].self)) }
        if let scalar = try swiftScalar(value) { return .scalar(scalar) }
        return try reflected(object, as: Value.self)
    }

    /// A class instance, identified by its own class (``FoundationClass``).
    private static func identify(instance: AnyObject, _ object: Any) throws(JSONDecodeError) -> FoundationValue {
        switch FoundationClass(of: instance) {
        case .string: return .scalar(.string(unsafeDowncast(instance, to: NSString.self) as String))
        case .number: return .scalar(try number(unsafeDowncast(instance, to: NSNumber.self)))
        case .dictionary: return .object(.instance(try FoundationDictionary(unsafeDowncast(instance, to: NSDictionary.self))))
        case .array: return .array(Array(unsafeDowncast(instance, to: NSArray.self)))
        case .null: return .scalar(.null)
        case nil:
            // Any other object may be a Swift value boxed by Foundation, which the bridging casts unwrap.
            if let string = object as? NSString { return .scalar(.string(string as String)) }
            if let number = object as? NSNumber { return .scalar(try self.number(number)) }
            throw unsupported(type(of: instance))
        }
    }

    /// The Foundation classes whose instances are JSON values, each with its private subclasses
    /// (`__NSCFNumber` and the like): the one list of them, for identifying a value and for
    /// telling a Foundation value from a Swift value Foundation boxed.
    enum FoundationClass {
        case string, number, dictionary, array, null

        /// The class of `instance`, asked of the instance before any cast: on Linux a cast that
        /// fails (an `NSNumber` `as? NSString`) searches for a bridging conformance and costs
        /// more than the message. `nil` for any other class.
        @inline(__always)
        init?(of instance: AnyObject) {
            let type: AnyClass = type(of: instance)
            // Strings first: every key is one, and most values.
            if type is NSString.Type {
                self = .string
            } else if type is NSNumber.Type {
                self = .number
            } else if type is NSDictionary.Type {
                self = .dictionary
            } else if type is NSArray.Type {
                self = .array
            } else if type is NSNull.Type {
                self = .null
            } else {
                return nil
            }
        }
    }

    /// A Swift value no type comparison matched, identified through `Mirror` and bridging casts.
    /// Out of line: its stack space, sized by runtime metadata, was set up on every value when
    /// this code sat in ``identify(_:_:)``, doubling its cost.
    @inline(never)
    private static func reflected(_ object: Any, as type: Any.Type) throws(JSONDecodeError) -> FoundationValue {
        // App-built dictionaries can hold `Optional`s boxed in `Any`: nil is null, a value is itself.
        let mirror = Mirror(reflecting: object)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .scalar(.null) }
            return try FoundationValue(wrapped)
        }
        // Typed Swift collections ([String], [String: Int], …) bridge to the general forms.
        if let array = object as? [Any] { return .array(array) }
        if let dictionary = object as? [String: Any] { return .object(.strings(dictionary)) }
        throw unsupported(type)
    }

    private static func unsupported(_ type: Any.Type) -> JSONDecodeError {
        JSONDecodeError(path: .root, reason: .unsupportedObject(typeName: String(describing: type)))
    }

    /// Swift's own booleans and numbers, matched by exact type so that no NSNumber bridging
    /// can turn `1` into `true`.
    private static func swiftScalar<Value>(_ value: Value) throws(JSONDecodeError) -> Scalar? {
        func integer<Integer: BinaryInteger>(_: Integer.Type) -> Scalar { Self.integer(unsafeBitCast(value, to: Integer.self)) }
        if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if Value.self == Int.self { return integer(Int.self) }
        if Value.self == Double.self { return try finite(unsafeBitCast(value, to: Double.self)) }
        if Value.self == Float.self { return try finite(Double(unsafeBitCast(value, to: Float.self))) }
        if Value.self == Int64.self { return integer(Int64.self) }
        if Value.self == Int32.self { return integer(Int32.self) }
        if Value.self == Int16.self { return integer(Int16.self) }
        if Value.self == Int8.self { return integer(Int8.self) }
        if Value.self == UInt.self { return integer(UInt.self) }
        if Value.self == UInt64.self { return integer(UInt64.self) }
        if Value.self == UInt32.self { return integer(UInt32.self) }
        if Value.self == UInt16.self { return integer(UInt16.self) }
        if Value.self == UInt8.self { return integer(UInt8.self) }
        if Value.self == Decimal.self { return try decimal(text: unsafeBitCast(value, to: Decimal.self).description) }
        return nil
    }

    /// The number `text` (`NSDecimalNumber` and `Decimal` write plain decimal notation) with its
    /// digits kept; NaN, the one value they write that is no number, is refused. Out of line:
    /// inlined, the parse it calls grew the frame of every value's identification.
    @inline(never)
    private static func decimal(text: String) throws(JSONDecodeError) -> Scalar {
        guard decimalNumber(text) != nil else { throw JSONDecodeError(path: .root, reason: .nonFiniteNumber) }
        return .decimal(text)
    }

    /// The number that ``Scalar/decimal(_:)`` text stands for; `nil` for text that is no JSON number.
    static func decimalNumber(_ text: String) -> JSONNumber? {
        guard case .number(let number)? = try? JSONValue(parsing: text) else { return nil }
        return number
    }

    /// An integer of any width, in the case that holds it exactly.
    private static func integer(_ value: some BinaryInteger) -> Scalar {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsignedInteger(UInt64(truncatingIfNeeded: value))
    }

    private static func finite(_ value: Double) throws(JSONDecodeError) -> Scalar {
        guard value.isFinite else { throw JSONDecodeError(path: .root, reason: .nonFiniteNumber) }
        return .double(value)
    }

    private static func number(_ number: NSNumber) throws(JSONDecodeError) -> Scalar {
        let numberClass = ObjectIdentifier(type(of: number))
        if numberClass == booleanNumberClass { return .bool(number.boolValue) }
        // An `NSDecimalNumber`'s `doubleValue` would round what JSONSerialization kept it for.
        // Asked only of a class other than the usual one: the runtime's subclass test costs
        // more than the rest of a number's identification.
        if numberClass != plainNumberClass, type(of: number) is NSDecimalNumber.Type { return try decimal(text: number.stringValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return try finite(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): return integer(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }
}

extension FoundationValue.Object {
    /// How many members the dictionary has.
    var count: Int {
        switch self {
        case .strings(let dictionary): dictionary.count
        case .hashables(let dictionary): dictionary.count
        case .instance(let dictionary): dictionary.count
        }
    }

    /// Calls `body` with each member in the dictionary's own order; a key that is not a string
    /// is an error at the dictionary.
    func forEachMember(_ body: (String, Any) throws(JSONDecodeError) -> Void) throws(JSONDecodeError) {
        switch self {
        case .strings(let dictionary):
            // By index, not `for in`: an iterator takes its own reference to the dictionary, a
            // retain and a release on every message (Volt's object graph: 206 -> 188 ns).
            var index = dictionary.startIndex
            while index != dictionary.endIndex {
                let (key, value) = dictionary[index]
                try body(key, value)
                dictionary.formIndex(after: &index)
            }
        case .hashables(let dictionary):
            for (key, value) in dictionary {
                guard let string = key.base as? String else { throw Self.nonStringKey(key.base) }
                try body(string, value)
            }
        case .instance(let dictionary): try dictionary.forEachMember(body)
        }
    }

    /// The error for a dictionary key that is not a string, at the dictionary.
    static func nonStringKey(_ key: Any) -> JSONDecodeError {
        JSONDecodeError(path: .root, reason: .nonStringKey(typeName: String(describing: type(of: key))))
    }

    /// The value of the member whose key has the code units `key`, found without making a
    /// `String` of it; `nil` when absent.
    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Any? {
        switch self {
        case .strings(let dictionary):
            // A message has a handful of members: comparing their keys' bytes costs less than
            // making and hashing a key, and the keys are walked without copying the values.
            guard let index = dictionary.keys.firstIndex(where: { $0.hasCodeUnits(key) }) else { return nil }
            return dictionary.values[index]
        case .hashables(let dictionary):
            guard let index = dictionary.keys.firstIndex(where: { ($0.base as? String)?.hasCodeUnits(key) == true }) else {
                return nil
            }
            return dictionary.values[index]
        case .instance(let dictionary): return dictionary.member(forKeyUTF8: key)
        }
    }
}

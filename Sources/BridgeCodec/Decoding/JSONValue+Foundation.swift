import Foundation

extension JSONValue {
    /// Converts a Foundation object graph, as `WKScriptMessage.body` delivers it, into a JSON value.
    ///
    /// Accepts `NSDictionary` / `[String: Any]`, `NSArray` / `[Any]`, `NSString` / `String`,
    /// `NSNumber` (a boolean `NSNumber` becomes a JSON boolean, any other a number), Swift's
    /// own `Bool`, integer and floating-point values, `NSNull`, and `Optional`s (`nil` is `null`). Anything else, such as
    /// `NSDate`, `NSData` or a custom object, is rejected with its path, as are NaN, infinity,
    /// non-string keys and graphs beyond `limits` (depth, string length, members per object).
    /// Dictionary members keep the dictionary's own iteration order.
    public init(foundationObject object: Any, limits: JSONLimits = .default) throws(JSONDecodeError) {
        self = try FoundationGraph(limits: limits).convert(object, depth: 0)
    }
}

private struct FoundationGraph {
    let limits: JSONLimits

    /// An error at the value being converted. Its path is relative to that value; each container
    /// prepends its step as the error passes through it, so a walk that succeeds builds no paths.
    private func fail(_ reason: JSONDecodeError.Reason) -> JSONDecodeError {
        JSONDecodeError(path: .root, reason: reason)
    }

    /// `value` converted, an error under it located by `step`.
    private func convert(_ value: Any, depth: Int, at step: JSONPath.Component) throws(JSONDecodeError) -> JSONValue {
        do {
            return try convert(value, depth: depth)
        } catch {
            var error = error
            error.path.components.insert(step, at: 0)
            throw error
        }
    }

    /// The class Foundation uses for boolean `NSNumber`s (`__NSCFBoolean` on every platform),
    /// which is the only reliable way to tell `true` from `1`: `as? Bool` accepts both.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    func convert(_ object: Any, depth: Int) throws(JSONDecodeError) -> JSONValue {
        // Class instances and Swift values take separate roads: casting a Swift dictionary to a
        // Foundation class (`as? NSNumber`) makes the runtime bridge the whole dictionary first.
        let dynamicType = type(of: object)
        if dynamicType is AnyClass {
            // The class is asked before any cast: on Linux a cast that fails (an `NSNumber`
            // `as? NSString`) searches for a bridging conformance and costs more than the message.
            if let number = Self.instance(of: NSNumber.self, object) { return try self.number(number) }
            if let string = Self.instance(of: NSString.self, object) { return try self.string(string as String) }
            if let dictionary = Self.instance(of: NSDictionary.self, object) {
                return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, depth: depth) { key in
                    // Keys are NSStrings: asked by class, a cast through AnyHashable cost more than the value.
                    if type(of: key) is NSString.Type, let string = key as? NSString { return string as String }
                    return (((key as? AnyHashable)?.base) ?? key) as? String
                }
            }
            if let array = Self.instance(of: NSArray.self, object) { return try self.array(Array(array), depth: depth) }
            if dynamicType is NSNull.Type { return .null }
            // Any other object may be a Swift value boxed by Foundation, which the bridging casts unwrap.
            if let string = object as? NSString { return try self.string(string as String) }
            if let number = object as? NSNumber { return try self.number(number) }
            throw fail(.unsupportedObject(typeName: String(describing: dynamicType)))
        }
        // The exact type first: a cast to a type the value does not have costs far more than the comparison.
        if let string = Self.exactly(String.self, object) { return try self.string(string) }
        if let dictionary = Self.exactly([String: Any].self, object) {
            return try self.object(dictionary, count: dictionary.count, depth: depth) { $0 }
        }
        if let dictionary = Self.exactly([AnyHashable: Any].self, object) {
            return try self.object(dictionary, count: dictionary.count, depth: depth) { $0.base as? String }
        }
        if let array = Self.exactly([Any].self, object) { return try self.array(array, depth: depth) }
        if let scalar = try swiftScalar(object) { return scalar }
        // App-built dictionaries can hold `Optional`s boxed in `Any`: nil is null, a value is itself.
        let mirror = Mirror(reflecting: object)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return try convert(wrapped, depth: depth)
        }
        // Typed Swift collections ([String], [String: Int], …) bridge to the general forms.
        if let array = object as? [Any] { return try self.array(array, depth: depth) }
        if let dictionary = object as? [String: Any] {
            return try self.object(dictionary, count: dictionary.count, depth: depth) { $0 }
        }
        throw fail(.unsupportedObject(typeName: String(describing: dynamicType)))
    }

    /// `value` as `Wanted` when that is exactly its type, else nil. The existential is opened
    /// into a generic parameter and, once the metatypes match, the value is taken as it is: the
    /// runtime's dynamic cast (`as?`) costs about 250 instructions per value even when the type
    /// matches, more than the rest of a string's conversion.
    @inline(__always)
    private static func exactly<Wanted>(_: Wanted.Type, _ value: Any) -> Wanted? {
        func opened<Value>(_ value: Value) -> Wanted? {
            Value.self == Wanted.self ? unsafeBitCast(value, to: Wanted.self) : nil
        }
        return opened(value)
    }

    /// `value` as an instance of the class `Wanted` or of a subclass (Foundation hands out
    /// private subclasses, `__NSCFNumber` and the like), else nil; taken as it is once the
    /// metatype says so, as in ``exactly(_:_:)``: a class reference is the same whatever its
    /// static type.
    @inline(__always)
    private static func instance<Wanted: AnyObject>(of _: Wanted.Type, _ value: Any) -> Wanted? {
        func opened<Value>(_ value: Value) -> Wanted? {
            Value.self is Wanted.Type ? unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: Wanted.self) : nil
        }
        return opened(value)
    }

    /// Swift's own booleans and numbers, matched by exact type so that no NSNumber bridging
    /// can turn `1` into `true`.
    private func swiftScalar(_ object: Any) throws(JSONDecodeError) -> JSONValue? {
        if let value = Self.exactly(Bool.self, object) { return .bool(value) }
        if let value = Self.exactly(Int.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(Double.self, object) { return try finite(value) }
        if let value = Self.exactly(Float.self, object) { return try finite(Double(value)) }
        if let value = Self.exactly(Int64.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(Int32.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(Int16.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(Int8.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(UInt.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(UInt64.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(UInt32.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(UInt16.self, object) { return .number(JSONNumber(value)) }
        if let value = Self.exactly(UInt8.self, object) { return .number(JSONNumber(value)) }
        return nil
    }

    private func finite(_ value: Double) throws(JSONDecodeError) -> JSONValue {
        guard let number = JSONNumber(value) else { throw fail(.nonFiniteNumber) }
        return .number(number)
    }

    private func string(_ string: String) throws(JSONDecodeError) -> JSONValue {
        guard string.utf8.count <= limits.maxStringLength else {
            throw fail(.stringTooLong(limit: limits.maxStringLength))
        }
        return .string(string)
    }

    private func number(_ number: NSNumber) throws(JSONDecodeError) -> JSONValue {
        if ObjectIdentifier(type(of: number)) == Self.booleanNumberClass { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return try finite(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): return .number(JSONNumber(number.uint64Value))
        default: return .number(JSONNumber(number.int64Value))
        }
    }

    private func enter(_ depth: Int) throws(JSONDecodeError) -> Int {
        guard depth < limits.maxDepth else { throw fail(.nestingTooDeep(limit: limits.maxDepth)) }
        return depth + 1
    }

    private func array(_ array: [Any], depth: Int) throws(JSONDecodeError) -> JSONValue {
        let depth = try enter(depth)
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            elements.append(try convert(element, depth: depth, at: .index(index)))
        }
        return .array(elements)
    }

    /// One walk for every dictionary kind Foundation hands out: `[String: Any]`, `[AnyHashable: Any]`
    /// (nested dictionaries on Linux) and `NSDictionary`. Keys are unique in each, by their own
    /// equality; `stringKey` reads each key, without a cast when the dictionary's keys are `String`s.
    private func object<Key>(
        _ members: some Sequence<(key: Key, value: Any)>, count: Int, depth: Int, stringKey: (Key) -> String?
    ) throws(JSONDecodeError) -> JSONValue {
        let depth = try enter(depth)
        guard count <= limits.maxObjectMembers else {
            throw fail(.tooManyMembers(limit: limits.maxObjectMembers))
        }
        var converted: [JSONObject.Member] = []
        converted.reserveCapacity(count)
        for (key, value) in members {
            guard let key = stringKey(key) else {
                let unwrapped = (key as? AnyHashable)?.base ?? key
                throw fail(.nonStringKey(typeName: String(describing: type(of: unwrapped))))
            }
            converted.append(JSONObject.Member(key: key, value: try convert(value, depth: depth, at: .key(key))))
        }
        return .object(JSONObject(uniqueMembers: converted))
    }
}

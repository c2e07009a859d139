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
        // Opened once: every test below compares the value's own metatype, a pointer, and a
        // match takes the value as it is. Asking `type(of:)` of the existential and casting it
        // (`as?`) cost about 250 instructions per value in the runtime, even for a match.
        func opened<Value>(_ value: Value) throws(JSONDecodeError) -> JSONValue {
            try convert(value, object, depth: depth)
        }
        return try opened(object)
    }

    /// `value`, which is `object` opened as its own type `Value`.
    /// `object` stays beside it for the runtime's casts and `Mirror`, which take an `Any`.
    private func convert<Value>(_ value: Value, _ object: Any, depth: Int) throws(JSONDecodeError) -> JSONValue {
        // The exact Swift types first: a cast to a type the value does not have costs far more
        // than the comparison.
        if Value.self == String.self { return try string(unsafeBitCast(value, to: String.self)) }
        if Value.self == [String: Any].self {
            let dictionary = unsafeBitCast(value, to: [String: Any].self)
            return try self.object(dictionary, count: dictionary.count, depth: depth) { $0 }
        }
        // Class instances and Swift values take separate roads: casting a Swift dictionary to a
        // Foundation class (`as? NSNumber`) makes the runtime bridge the whole dictionary first.
        if Value.self is AnyClass {
            // The class is asked before any cast: on Linux a cast that fails (an `NSNumber`
            // `as? NSString`) searches for a bridging conformance and costs more than the message.
            // Foundation hands out private subclasses (`__NSCFNumber` and the like); a class
            // reference is the same whatever its static type.
            let instance = unsafeBitCast(value, to: AnyObject.self)
            if Value.self is NSNumber.Type { return try number(unsafeDowncast(instance, to: NSNumber.self)) }
            if Value.self is NSString.Type { return try string(unsafeDowncast(instance, to: NSString.self) as String) }
            if Value.self is NSDictionary.Type {
                let dictionary = unsafeDowncast(instance, to: NSDictionary.self)
                return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, depth: depth) { key in
                    // Keys are NSStrings: asked by class, a cast through AnyHashable cost more than the value.
                    if type(of: key) is NSString.Type, let string = key as? NSString { return string as String }
                    return (((key as? AnyHashable)?.base) ?? key) as? String
                }
            }
            if Value.self is NSArray.Type { return try array(Array(unsafeDowncast(instance, to: NSArray.self)), depth: depth) }
            if Value.self is NSNull.Type { return .null }
            // Any other object may be a Swift value boxed by Foundation, which the bridging casts unwrap.
            if let string = object as? NSString { return try self.string(string as String) }
            if let number = object as? NSNumber { return try self.number(number) }
            throw fail(.unsupportedObject(typeName: String(describing: Value.self)))
        }
        if Value.self == [AnyHashable: Any].self {
            let dictionary = unsafeBitCast(value, to: [AnyHashable: Any].self)
            return try self.object(dictionary, count: dictionary.count, depth: depth) { $0.base as? String }
        }
        if Value.self == [Any].self { return try array(unsafeBitCast(value, to: [Any].self), depth: depth) }
        if let scalar = try swiftScalar(value) { return scalar }
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
        throw fail(.unsupportedObject(typeName: String(describing: Value.self)))
    }

    /// Swift's own booleans and numbers, matched by exact type so that no NSNumber bridging
    /// can turn `1` into `true`.
    private func swiftScalar<Value>(_ value: Value) throws(JSONDecodeError) -> JSONValue? {
        func number<Integer: BinaryInteger>(_: Integer.Type) -> JSONValue { .number(JSONNumber(unsafeBitCast(value, to: Integer.self))) }
        if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if Value.self == Int.self { return number(Int.self) }
        if Value.self == Double.self { return try finite(unsafeBitCast(value, to: Double.self)) }
        if Value.self == Float.self { return try finite(Double(unsafeBitCast(value, to: Float.self))) }
        if Value.self == Int64.self { return number(Int64.self) }
        if Value.self == Int32.self { return number(Int32.self) }
        if Value.self == Int16.self { return number(Int16.self) }
        if Value.self == Int8.self { return number(Int8.self) }
        if Value.self == UInt.self { return number(UInt.self) }
        if Value.self == UInt64.self { return number(UInt64.self) }
        if Value.self == UInt32.self { return number(UInt32.self) }
        if Value.self == UInt16.self { return number(UInt16.self) }
        if Value.self == UInt8.self { return number(UInt8.self) }
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

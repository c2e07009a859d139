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
        self = try FoundationGraph(limits: limits).convert(object, at: .root, depth: 0)
    }
}

private struct FoundationGraph {
    let limits: JSONLimits

    /// The class Foundation uses for boolean `NSNumber`s (`__NSCFBoolean` on every platform),
    /// which is the only reliable way to tell `true` from `1`: `as? Bool` accepts both.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    func convert(_ object: Any, at path: JSONPath, depth: Int) throws(JSONDecodeError) -> JSONValue {
        // Class instances and Swift values take separate roads: casting a Swift dictionary to a
        // Foundation class (`as? NSNumber`) makes the runtime bridge the whole dictionary first.
        let dynamicType = type(of: object)
        if dynamicType is AnyClass {
            if let string = object as? NSString { return try self.string(string as String, at: path) }
            if let number = object as? NSNumber { return try self.number(number, at: path) }
            if let dictionary = object as? NSDictionary {
                return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
            }
            if let array = object as? NSArray { return try self.array(Array(array), at: path, depth: depth) }
            if object is NSNull { return .null }
            throw JSONDecodeError(path: path, reason: .unsupportedObject(typeName: String(describing: dynamicType)))
        }
        if let string = object as? String, dynamicType == String.self { return try self.string(string, at: path) }
        if let dictionary = object as? [String: Any], dynamicType == [String: Any].self {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        if let dictionary = object as? [AnyHashable: Any], dynamicType == [AnyHashable: Any].self {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        if let array = object as? [Any], dynamicType == [Any].self { return try self.array(array, at: path, depth: depth) }
        if let scalar = try swiftScalar(object, of: dynamicType, at: path) { return scalar }
        // App-built dictionaries can hold `Optional`s boxed in `Any`: nil is null, a value is itself.
        let mirror = Mirror(reflecting: object)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return try convert(wrapped, at: path, depth: depth)
        }
        // Typed Swift collections ([String], [String: Int], …) bridge to the general forms.
        if let array = object as? [Any] { return try self.array(array, at: path, depth: depth) }
        if let dictionary = object as? [String: Any] {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        throw JSONDecodeError(path: path, reason: .unsupportedObject(typeName: String(describing: dynamicType)))
    }

    /// Swift's own booleans and numbers, matched by exact type so that no NSNumber bridging
    /// can turn `1` into `true`.
    private func swiftScalar(_ object: Any, of dynamicType: Any.Type, at path: JSONPath) throws(JSONDecodeError) -> JSONValue? {
        switch object {
        case let value as Bool where dynamicType == Bool.self: return .bool(value)
        case let value as Int where dynamicType == Int.self: return .number(JSONNumber(value))
        case let value as Double where dynamicType == Double.self: return try finite(value, at: path)
        case let value as Float where dynamicType == Float.self: return try finite(Double(value), at: path)
        case let value as Int64 where dynamicType == Int64.self: return .number(JSONNumber(value))
        case let value as Int32 where dynamicType == Int32.self: return .number(JSONNumber(value))
        case let value as Int16 where dynamicType == Int16.self: return .number(JSONNumber(value))
        case let value as Int8 where dynamicType == Int8.self: return .number(JSONNumber(value))
        case let value as UInt where dynamicType == UInt.self: return .number(JSONNumber(value))
        case let value as UInt64 where dynamicType == UInt64.self: return .number(JSONNumber(value))
        case let value as UInt32 where dynamicType == UInt32.self: return .number(JSONNumber(value))
        case let value as UInt16 where dynamicType == UInt16.self: return .number(JSONNumber(value))
        case let value as UInt8 where dynamicType == UInt8.self: return .number(JSONNumber(value))
        default: return nil
        }
    }

    private func finite(_ value: Double, at path: JSONPath) throws(JSONDecodeError) -> JSONValue {
        guard let number = JSONNumber(value) else { throw JSONDecodeError(path: path, reason: .nonFiniteNumber) }
        return .number(number)
    }

    private func string(_ string: String, at path: JSONPath) throws(JSONDecodeError) -> JSONValue {
        guard string.utf8.count <= limits.maxStringLength else {
            throw JSONDecodeError(path: path, reason: .stringTooLong(limit: limits.maxStringLength))
        }
        return .string(string)
    }

    private func number(_ number: NSNumber, at path: JSONPath) throws(JSONDecodeError) -> JSONValue {
        if ObjectIdentifier(type(of: number)) == Self.booleanNumberClass { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return try finite(number.doubleValue, at: path)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): return .number(JSONNumber(number.uint64Value))
        default: return .number(JSONNumber(number.int64Value))
        }
    }

    private func enter(_ depth: Int, at path: JSONPath) throws(JSONDecodeError) -> Int {
        guard depth < limits.maxDepth else { throw JSONDecodeError(path: path, reason: .nestingTooDeep(limit: limits.maxDepth)) }
        return depth + 1
    }

    private func array(_ array: [Any], at path: JSONPath, depth: Int) throws(JSONDecodeError) -> JSONValue {
        let depth = try enter(depth, at: path)
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            elements.append(try convert(element, at: path.appending(index: index), depth: depth))
        }
        return .array(elements)
    }

    /// One walk for every dictionary kind Foundation hands out: `[String: Any]`, `[AnyHashable: Any]`
    /// (nested dictionaries on Linux) and `NSDictionary`. Keys are unique in each, by their own equality.
    private func object(
        _ members: some Sequence<(key: Any, value: Any)>, count: Int, at path: JSONPath, depth: Int
    ) throws(JSONDecodeError) -> JSONValue {
        let depth = try enter(depth, at: path)
        guard count <= limits.maxObjectMembers else {
            throw JSONDecodeError(path: path, reason: .tooManyMembers(limit: limits.maxObjectMembers))
        }
        var converted: [JSONObject.Member] = []
        converted.reserveCapacity(count)
        for (key, value) in members {
            let unwrapped = (key as? AnyHashable)?.base ?? key
            guard let key = unwrapped as? String else {
                throw JSONDecodeError(path: path, reason: .nonStringKey(typeName: String(describing: type(of: unwrapped))))
            }
            converted.append(JSONObject.Member(key: key, value: try convert(value, at: path.appending(key: key), depth: depth)))
        }
        return .object(JSONObject(uniqueMembers: converted))
    }
}

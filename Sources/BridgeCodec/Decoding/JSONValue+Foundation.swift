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
        // Ordered by how often WKWebView bodies hold each kind; every check is a cheap cast.
        if let string = object as? String { return try self.string(string, at: path) }
        // Swift's own Bool first, by exact type: a Swift Int bridged to NSNumber could pass as a boolean.
        if let bool = object as? Bool, type(of: object) == Bool.self { return .bool(bool) }
        // Swift numbers bridge to an NSNumber that keeps their type code ('q', 'Q', 'd', 'f', …).
        if let number = object as? NSNumber { return try self.number(number, at: path) }
        if type(of: object) is NSDictionary.Type, let dictionary = object as? NSDictionary {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        if let dictionary = object as? [String: Any] {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        if let dictionary = object as? [AnyHashable: Any] {
            return try self.object(dictionary.lazy.map { ($0.key, $0.value) }, count: dictionary.count, at: path, depth: depth)
        }
        if let array = object as? [Any] { return try self.array(array, at: path, depth: depth) }
        if object is NSNull { return .null }
        // App-built dictionaries can hold `Optional`s boxed in `Any`: nil is null, a value is itself.
        let mirror = Mirror(reflecting: object)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return try convert(wrapped, at: path, depth: depth)
        }
        throw JSONDecodeError(path: path, reason: .unsupportedObject(typeName: String(describing: type(of: object))))
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
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            guard let finite = JSONNumber(number.doubleValue) else { throw JSONDecodeError(path: path, reason: .nonFiniteNumber) }
            return .number(finite)
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

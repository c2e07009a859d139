/// A value of a Foundation object graph that has been checked whole, read in place: a model
/// reads members and strings straight from the dictionaries and strings WKWebView handed over,
/// and no tree is built.
struct FoundationNode {
    let value: FoundationValue

    /// `object` as the root of a graph (no body is `null`), once every value in it has passed
    /// ``FoundationGraph`` under `limits`.
    init(checking object: consuming Any?, limits: JSONLimits) throws(JSONDecodeError) {
        let value: FoundationValue
        // Taken apart, not copied: a copy of an `Any` goes through the runtime's value witnesses.
        switch consume object {
        case .some(let object): value = try FoundationValue(taking: consume object)
        case .none: value = .scalar(.null)
        }
        var graph = FoundationGraph(limits: limits)
        self.value = try graph.checked(value)
    }

    private init(member value: FoundationValue) {
        self.value = value
    }

    /// Limits that refuse nothing: a checked graph has passed the caller's already.
    private static let checked = JSONLimits(maxBytes: .max, maxDepth: .max, maxStringLength: .max, maxObjectMembers: .max)
}

extension FoundationNode: JSONNode {
    var kind: JSONKind {
        switch value {
        case .scalar(.null): .null
        case .scalar(.bool): .bool
        case .scalar(.integer), .scalar(.unsignedInteger), .scalar(.double), .scalar(.decimal): .number
        case .scalar(.string): .string
        case .object: .object
        case .array: .array
        }
    }

    var stringValue: String? {
        guard case .scalar(.string(let string)) = value else { return nil }
        return string
    }

    func string<Value>(matchingIn table: UTF8PrefixTable<Value>) -> Value? {
        guard case .scalar(.string(let string)) = value else { return nil }
        return table.value(for: string)
    }

    /// The nearest `Double`, as ``JSONNumber`` has it for the same value.
    var doubleValue: Double? {
        switch value {
        case .scalar(.integer(let integer)): Double(integer)
        case .scalar(.unsignedInteger(let integer)): Double(integer)
        case .scalar(.double(let double)): double
        case .scalar(.decimal(let text)): FoundationValue.decimalNumber(text)?.doubleValue
        default: nil
        }
    }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> FoundationNode? {
        guard case .object(let object) = value, let member = object.member(forKeyUTF8: key) else { return nil }
        // The whole graph was checked, so identifying a member again cannot fail; were it to,
        // the member would read as absent, never as a value.
        guard let identified = try? FoundationValue(taking: consume member) else { return nil }
        return FoundationNode(member: identified)
    }

    var jsonValue: JSONValue {
        get throws(JSONDecodeError) {
            var graph = FoundationGraph(limits: Self.checked)
            return try graph.walk(value, depth: 0)
        }
    }
}

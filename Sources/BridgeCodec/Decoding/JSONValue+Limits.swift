extension JSONValue {
    /// Throws the first of `limits` this value breaks, at its path: a body built in code or
    /// handed over by a platform (an Android string argument) meets the bounds text meets.
    @usableFromInline
    func checkLimits(_ limits: JSONLimits) throws(JSONDecodeError) {
        try StructureBudget.walking(limits) { budget throws(JSONDecodeError) in try check(&budget, depth: 0) }
    }

    private func check(_ budget: inout StructureBudget, depth: Int) throws(JSONDecodeError) {
        switch self {
        case .null: try budget.null()
        case .bool(let value): try budget.bool(value)
        case .number(let number): try budget.number(fewestBytes: number.text.utf8.count)
        case .string(let string): try budget.string(utf8Count: string.utf8.count)
        case .array(let elements):
            let depth = try budget.array(count: elements.count, depth: depth)
            for (index, element) in elements.enumerated() {
                do {
                    try element.check(&budget, depth: depth)
                } catch {
                    throw error.prepending(.index(index))
                }
            }
        case .object(let object):
            let depth = try budget.object(count: object.count, depth: depth)
            for member in object {
                try budget.key(utf8Count: member.key.utf8.count)
                do {
                    try member.value.check(&budget, depth: depth)
                } catch {
                    throw error.prepending(.key(member.key))
                }
            }
        }
    }
}

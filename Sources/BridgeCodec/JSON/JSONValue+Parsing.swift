import Foundation

extension JSONValue {
    /// Parses UTF-8 bytes (an array, `Data`, a buffer) strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing bytes: some Collection<UInt8>, limits: JSONLimits = .default) throws(JSONError) {
        self = try bytes.withContiguousBytes { Self.parseResult($0, limits) }.get()
    }

    /// Parses JSON text strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONError) {
        self = try text.withUTF8Bytes { Self.parseResult($0, limits) }.get()
    }

    private static func parseResult(_ buffer: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> Result<JSONValue, JSONError> {
        JSONParser.tokens(of: buffer, limits: limits).map { tokens in
            tokens.withUnsafeBufferPointer { JSONValue(tokens: $0, in: buffer) }
        }
    }

    /// The value of a parsed document.
    ///
    /// Built bottom-up without recursion: walking the tokens backwards meets every container
    /// after all it holds, so its values are the top of a stack, first element on top.
    init(tokens: UnsafeBufferPointer<JSONToken>, in bytes: UnsafeBufferPointer<UInt8>) {
        var stack: [JSONValue] = []
        // The stack holds the values of the containers still open, rarely many: room for a
        // few dozen spares the first reallocations without reserving for every token.
        stack.reserveCapacity(min(tokens.count, 32))
        for token in tokens.reversed() {
            switch token.kind {
            case .null: stack.append(.null)
            case .true: stack.append(.bool(true))
            case .false: stack.append(.bool(false))
            case .number: stack.append(.number(token.number(in: bytes)))
            case .string: stack.append(.string(token.string(in: bytes)))
            case .array:
                stack.append(.array(Self.moveTop(Int(token.length), of: &stack)))
            case .object:
                let count = Int(token.length)
                var members: [JSONObject.Member] = []
                members.reserveCapacity(count)
                for _ in 0..<count {
                    guard case .string(let key) = stack.removeLast(), let value = stack.popLast() else { break }
                    members.append(JSONObject.Member(key: key, value: value))
                }
                stack.append(.object(JSONObject(uniqueMembers: members)))
            }
        }
        self = stack.last ?? .null
    }

    /// The top `count` values of `stack`, top first, moved out: `removeLast` hands each value
    /// over without a retain or a release, which in a large document would touch every element
    /// once more.
    private static func moveTop(_ count: Int, of stack: inout [JSONValue]) -> [JSONValue] {
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = stack.popLast() else { break }
            elements.append(value)
        }
        return elements
    }
}

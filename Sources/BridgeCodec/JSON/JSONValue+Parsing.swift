import Foundation

extension JSONValue {
    /// Parses UTF-8 bytes strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try Self.parseResult(bytes.assumingMemoryBound(to: UInt8.self), limits).get()
    }

    /// Parses UTF-8 bytes strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing bytes: [UInt8], limits: JSONLimits = .default) throws(JSONParseError) {
        self = try bytes.withUnsafeBufferPointer { Self.parseResult($0, limits) }.get()
    }

    /// Parses UTF-8 bytes strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing data: Data, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try data.withUnsafeBytes { Self.parseResult($0.assumingMemoryBound(to: UInt8.self), limits) }.get()
    }

    /// Parses JSON text strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try text.withUTF8Bytes { Self.parseResult($0, limits) }.get()
    }

    /// The buffer-borrowing APIs rethrow only untyped errors, so the typed error travels out as a `Result`.
    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits
    ) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) in
            let tokens = try JSONParser.tokens(of: buffer, limits: limits)
            return tokens.withUnsafeBufferPointer { JSONValue(tokens: $0, in: buffer) }
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
                let count = min(Int(token.length), stack.count)
                let elements = Self.moveTop(count, of: &stack)
                stack.removeLast(count)
                stack.append(.array(elements))
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

    /// The top `count` values of `stack`, top first, moved out: each slot is left holding
    /// `null`, which has nothing to release, so removing the slots touches no element. Copying
    /// them instead retained and then released every element, a cache miss each in a large
    /// document (the 100,000 elements of a 10 MB array spread over tens of megabytes).
    private static func moveTop(_ count: Int, of stack: inout [JSONValue]) -> [JSONValue] {
        stack.withUnsafeMutableBufferPointer { slots in
            [JSONValue](unsafeUninitializedCapacity: count) { elements, initialized in
                guard let top = slots.baseAddress.map({ $0 + slots.count }), let first = elements.baseAddress else { return }
                for offset in 0..<min(count, slots.count) {
                    let slot = top - 1 - offset
                    (first + offset).initialize(to: slot.move())
                    slot.initialize(to: .null)
                    initialized += 1
                }
            }
        }
    }
}

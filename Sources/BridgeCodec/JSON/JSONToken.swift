import Foundation

/// One value of a strictly parsed document, as the parser records it: a kind and a byte range.
///
/// A parse produces the document's values in source order (pre-order: a container, then what
/// it holds; an object's members as key, value, key, value). Strings and numbers stay byte
/// ranges, already validated, until something reads them, so a reader that compares keys as
/// bytes never creates a `String` for them.
struct JSONToken: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// The value's kind.
    var kind: Kind
    /// For strings: ``hasEscapes``, ``isPlainASCII``. For numbers: ``isShortInteger``.
    var flags: UInt8
    /// Strings: the first byte after the opening quote. Numbers: the first byte. Others: the first byte.
    var start: UInt32
    /// Strings and numbers: their length in bytes, quotes excluded. Arrays: element count.
    /// Objects: member count.
    var length: UInt32
    /// The index of the token after this value and everything it contains.
    var next: UInt32

    static let escapesFlag: UInt8 = 1
    static let shortIntegerFlag: UInt8 = 2
    static let notPlainASCIIFlag: UInt8 = 4

    /// The string holds at least one backslash escape, so its bytes are not its UTF-8 as they stand.
    var hasEscapes: Bool { flags & Self.escapesFlag != 0 }
    /// The string is ASCII written without escapes: it equals another `String` only when their
    /// bytes are equal, whatever Unicode's canonical equivalence says.
    var isPlainASCII: Bool { flags & Self.notPlainASCIIFlag == 0 }
    /// The number is an integer of at most 18 digits: it fits an `Int64`, and no fraction or exponent.
    var isShortInteger: Bool { flags & Self.shortIntegerFlag != 0 }

    /// The byte range of a string's or number's text.
    var range: Range<Int> { Int(start)..<Int(start) + Int(length) }
}

extension JSONToken {
    /// The string this string token stands for: its bytes as they are, or unescaped.
    func string(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard hasEscapes else {
            // A string of up to 15 bytes is stored inline (on 64-bit platforms); filling one through this initializer
            // costs about a fifth less than `String(decoding:as:)`, which is faster above it.
            if raw.count <= 15 {
                return String(unsafeUninitializedCapacity: raw.count) { Self.copySmall(raw, to: $0) }
            }
            return String(decoding: raw, as: UTF8.self)
        }
        return JSONStringEscapes.withUnescaped(raw) { String(decoding: $0, as: UTF8.self) }
    }

    /// Copies `source` (at most 15 bytes) into `target`, which has room for exactly as many, and
    /// returns the count: two loads and two stores that may overlap, as a small `memcpy` is done,
    /// instead of a call to `memcpy` through a generic copy.
    @inline(__always)
    static func copySmall(_ source: UnsafeBufferPointer<UInt8>, to target: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let count = min(source.count, target.count)
        guard let from = source.baseAddress.map(UnsafeRawPointer.init), let to = target.baseAddress.map(UnsafeMutableRawPointer.init)
        else { return 0 }
        if count >= 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (to + (count - 8)).storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), as: UInt64.self)
        } else if count >= 4 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + (count - 4)).storeBytes(of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), as: UInt32.self)
        } else {
            for offset in 0..<count {
                to.storeBytes(of: from.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
        return count
    }

    /// Whether this string token's code units are exactly `utf8`'s, without creating a `String`.
    func stringHasCodeUnits(_ utf8: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasEscapes else {
            return JSONStringEscapes.withUnescaped(UnsafeBufferPointer(rebasing: bytes[range])) { $0.elementsEqual(utf8) }
        }
        guard Int(length) == utf8.count else { return false }
        guard let left = bytes.baseAddress, let right = utf8.baseAddress else { return true }
        return memcmp(left + Int(start), right, utf8.count) == 0
    }

    /// Whether two string tokens have the same code units.
    func stringHasSameCodeUnits(as other: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !other.hasEscapes {
            return stringHasCodeUnits(UnsafeBufferPointer(rebasing: bytes[other.range]), in: bytes)
        }
        return JSONStringEscapes.withUnescaped(UnsafeBufferPointer(rebasing: bytes[other.range])) {
            stringHasCodeUnits($0, in: bytes)
        }
    }

    /// The nearest `Double` to this number token; always finite, because the parser checked.
    func doubleValue(in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        JSONNumberText.doubleValue(UnsafeBufferPointer(rebasing: bytes[range]), isShortInteger: isShortInteger) ?? 0
    }

    /// This number token as a ``JSONNumber``.
    func number(in bytes: UnsafeBufferPointer<UInt8>) -> JSONNumber {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        return JSONNumber(validatedText: String(decoding: text, as: UTF8.self), doubleValue: doubleValue(in: bytes))
    }
}

/// A document's tokens as they are written, growing by doubling; the parser and the builder
/// append, readers index.
///
/// The storage is a ``JSONTape`` object, so a finished document is one allocation, or memory the
/// caller lends (the stack) until the tokens outgrow it. Appending and updating a container's
/// count are plain stores, without the uniqueness and bounds checks an `Array` pays on each.
struct JSONTokens {
    /// The heap storage; nil while the tokens are in lent memory.
    private var storage: JSONTape?
    private var base: UnsafeMutablePointer<JSONToken>
    private var capacity: Int
    /// How many tokens there are.
    private(set) var count = 0

    init(capacity: Int) {
        let storage = JSONTape.empty(minimumCapacity: max(capacity, 4))
        self.storage = storage
        // The elements sit inside the storage object, which `storage` keeps alive.
        base = storage.withUnsafeMutablePointerToElements { $0 }
        self.capacity = storage.capacity
    }

    /// Tokens written into the `capacity` tokens at `base` until they outgrow them; that memory must
    /// outlive every read.
    init(lending base: UnsafeMutablePointer<JSONToken>, capacity: Int) {
        storage = nil
        self.base = base
        self.capacity = capacity
    }

    /// Adds a token at the end.
    @inline(__always)
    mutating func append(_ token: JSONToken) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private mutating func grow() {
        let larger = JSONTape.empty(minimumCapacity: capacity * 2)
        let largerBase = larger.withUnsafeMutablePointerToElements { $0 }
        largerBase.moveInitialize(from: base, count: count)
        storage = larger
        base = largerBase
        capacity = larger.capacity
    }

    /// The token at `position`, which must be below ``count``.
    @inline(__always)
    subscript(position: Int) -> JSONToken {
        get { base[position] }
        set { base[position] = newValue }
    }

    /// Reads the tokens as a buffer.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<JSONToken>) -> Result) -> Result {
        withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// Reads the tokens from their first.
    func withBase<Result>(_ body: (UnsafePointer<JSONToken>) -> Result) -> Result {
        withExtendedLifetime(storage) { body(base) }
    }

    /// The finished document over `source`: these tokens' own storage when it is on the heap.
    func document(over source: JSONTape.Source) -> JSONTape {
        let document: JSONTape
        if let storage {
            document = storage
        } else {
            document = JSONTape.empty(minimumCapacity: count)
            document.withUnsafeMutablePointerToElements { $0.initialize(from: base, count: count) }
        }
        document.header = JSONTape.Header(source: source, count: count)
        return document
    }
}

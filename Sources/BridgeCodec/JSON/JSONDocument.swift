/// A strictly parsed document: its bytes and the parser's tokens, read in place.
///
/// The one parsed form: JSON text, object graphs and trees all become a document, and the
/// Codable decoder reads it in place through ``Node``s, where the reading rules are written:
/// keys are compared as bytes, and a string becomes a `String` only when a model keeps it.
///
/// A class, so that a node, which the Codable decoder copies at every step, holds one reference.
@usableFromInline
final class JSONDocument: Sendable {
    /// The document's UTF-8 bytes. Text is copied here once: every read then lends the array's
    /// storage, where lending a `String`'s would ask the runtime for an optional's metadata.
    let bytes: [UInt8]
    /// The values in document order (``JSONToken``).
    let tokens: [JSONToken]
    /// Where the root sits in a larger document: the root for a whole message.
    let rootPath: JSONPath
    /// The rule every URL decoded from the document must pass; `nil` checks none.
    let urlPolicy: URLPolicy?

    /// Parses `bytes` as a decoder reads them: text that is not strict JSON is a
    /// `malformedJSON` error at the root, and a breached limit its own reason at the path of the
    /// value that breaks it.
    @usableFromInline
    convenience init(reading bytes: [UInt8], limits: JSONLimits, urlPolicy: URLPolicy?) throws(JSONDecodeError) {
        do {
            try self.init(parsing: bytes, limits: limits, urlPolicy: urlPolicy)
        } catch {
            throw JSONDecodeError(error)
        }
    }

    /// Parses `bytes` strictly within `limits`.
    init(parsing bytes: [UInt8], limits: JSONLimits, urlPolicy: URLPolicy? = nil) throws(JSONParseError) {
        self.bytes = bytes
        self.urlPolicy = urlPolicy
        rootPath = .root
        // The buffer-borrowing APIs rethrow only untyped errors, so the typed error travels out as a `Result`.
        tokens = try bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONParseError) in try JSONParser.tokens(of: bytes, limits: limits) }
        }.get()
    }

    /// A document that is `null` at `path`: what an absent super key decodes as.
    init(nullAt path: JSONPath) {
        bytes = []
        urlPolicy = nil
        tokens = [JSONToken(kind: .null, flags: 0, start: 0, length: 0, next: 1)]
        rootPath = path
    }

    /// The document `builder` holds.
    init(_ builder: consuming Builder, urlPolicy: URLPolicy?) {
        bytes = builder.bytes
        tokens = builder.tokens
        self.urlPolicy = urlPolicy
        rootPath = .root
    }

    /// Builds a document value by value, from what is not text (an object graph, a tree): each
    /// string and number is copied as its bytes, and its token says what the parser's would (a
    /// string read as it stands, a number's short-integer form). Offsets fit 32 bits: a value
    /// within limits is under 4 GiB as JSON text, and its bytes here are fewer.
    struct Builder: ~Copyable {
        // Room for a typical message, so that a small one grows neither array.
        fileprivate var tokens: [JSONToken] = []
        fileprivate var bytes: [UInt8] = []

        init() {
            tokens.reserveCapacity(32)
            bytes.reserveCapacity(512)
        }

        private mutating func token(_ kind: JSONToken.Kind, flags: UInt8 = 0, start: Int, length: Int) {
            let next = UInt32(truncatingIfNeeded: tokens.count + 1)
            tokens.append(
                JSONToken(
                    kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
                    next: next))
        }

        private mutating func text(_ kind: JSONToken.Kind, _ string: String, flags: (UnsafeBufferPointer<UInt8>) -> UInt8) {
            let start = bytes.count
            let flag = string.withUTF8Bytes { utf8 in
                bytes.append(contentsOf: utf8)
                return flags(utf8)
            }
            token(kind, flags: flag, start: start, length: bytes.count - start)
        }

        mutating func null() { token(.null, start: bytes.count, length: 0) }
        mutating func bool(_ bool: Bool) { token(bool ? .true : .false, start: bytes.count, length: 0) }
        mutating func number(_ number: JSONNumber) {
            text(.number, number.text) { JSONNumberText.isShortInteger($0) ? JSONToken.shortIntegerFlag : 0 }
        }
        mutating func string(_ string: String) {
            text(.string, string) { utf8 in utf8.contains { $0 >= 0x80 } ? JSONToken.notPlainASCIIFlag : 0 }
        }

        /// Opens an array or object of `count` elements or members; its contents follow, then
        /// ``close(_:)`` with the position returned here.
        mutating func open(_ kind: JSONToken.Kind, count: Int) -> Int {
            token(kind, start: bytes.count, length: count)
            return tokens.count - 1
        }

        mutating func close(_ position: Int) {
            tokens[position].next = UInt32(truncatingIfNeeded: tokens.count)
        }
    }

    /// The top-level value.
    var root: Node { Node(document: self, index: 0) }

    /// One value of the document.
    struct Node {
        let document: JSONDocument
        let index: Int

        var token: JSONToken { document.tokens[index] }
    }

    /// The elements of an array, walked by skipping each one's tokens.
    struct Elements: Collection {
        let document: JSONDocument
        let startIndex: Int
        let endIndex: Int
        let count: Int

        subscript(position: Int) -> Node { Node(document: document, index: position) }

        func index(after position: Int) -> Int { Int(document.tokens[position].next) }
    }
}

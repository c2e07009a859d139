/// A strictly parsed document: its bytes and the parser's tokens, read in place.
///
/// The one parsed form: JSON text, object graphs and trees all become a document, and the
/// Codable decoder reads it in place through ``Node``s, where the reading rules are written:
/// keys are compared as bytes, and a string becomes a `String` only when a model keeps it.
///
/// A class, so that a node, which the Codable decoder copies at every step, holds one reference.
@usableFromInline
package final class JSONDocument: Sendable {
    /// The document's UTF-8, lent to every read: the message's own text, kept as it came, or
    /// the bytes a ``Builder`` wrote.
    let text: String
    /// The values in document order (``JSONToken``).
    let tokens: [JSONToken]
    /// Where the root sits in a larger document: the root for a whole message.
    let rootPath: JSONPath
    /// The root's token: 0, or a value inside text read for more than this document (an
    /// envelope's body), whose paths start at it.
    @usableFromInline let rootIndex: Int
    /// The rule every URL decoded from the document must pass; `nil` checks none.
    let urlPolicy: URLPolicy?
    /// How a `Date` decoded from the document is read.
    let dates: StrictJSONDecoder.DateDecodingStrategy

    /// Parses `text` strictly within `limits`, and keeps the text itself, uncopied. Text that is
    /// not strict JSON is a `malformedJSON` error at the root, and a breached limit its own reason
    /// at the path of the value that breaks it.
    @usableFromInline
    package init(
        reading text: String, limits: JSONLimits, urlPolicy: URLPolicy? = nil,
        dates: StrictJSONDecoder.DateDecodingStrategy = .deferredToDate
    ) throws(JSONError) {
        var text = text
        // A bridged string becomes UTF-8 once, here, so that every read after lends it.
        text.makeContiguousUTF8()
        tokens = try text.withUTF8Bytes { JSONParser.tokens(of: $0, limits: limits) }.get()
        self.text = text
        self.urlPolicy = urlPolicy
        self.dates = dates
        rootPath = .root
        rootIndex = 0
    }

    /// Parses UTF-8 `bytes` as ``init(reading:limits:urlPolicy:)`` parses text. What passes is
    /// well-formed UTF-8, so the text kept holds the same bytes.
    package init(
        reading bytes: some Collection<UInt8>, limits: JSONLimits, urlPolicy: URLPolicy? = nil,
        dates: StrictJSONDecoder.DateDecodingStrategy = .deferredToDate
    ) throws(JSONError) {
        func read(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<([JSONToken], String), JSONError> {
            JSONParser.tokens(of: buffer, limits: limits).map { ($0, String(decoding: buffer, as: UTF8.self)) }
        }
        (tokens, text) = try bytes.withContiguousBytes(read).get()
        self.urlPolicy = urlPolicy
        self.dates = dates
        rootPath = .root
        rootIndex = 0
    }

    /// A document that is `null` at `path`, read as `parent` is: what an absent super key decodes as.
    init(nullAt path: JSONPath, readAs parent: JSONDocument) {
        text = ""
        urlPolicy = parent.urlPolicy
        dates = parent.dates
        tokens = [JSONToken(kind: .null, flags: 0, start: 0, length: 0, next: 1)]
        rootPath = path
        rootIndex = 0
    }

    /// The value `node` as a document of its own, read with `urlPolicy` and `dates`: the text and
    /// tokens are shared, not copied, and paths start at `node`.
    init(_ node: Node, urlPolicy: URLPolicy?, dates: StrictJSONDecoder.DateDecodingStrategy) {
        text = node.document.text
        tokens = node.document.tokens
        rootPath = .root
        rootIndex = node.index
        self.urlPolicy = urlPolicy
        self.dates = dates
    }

    /// The document `builder` holds.
    init(_ builder: consuming Builder, urlPolicy: URLPolicy?, dates: StrictJSONDecoder.DateDecodingStrategy) {
        // The builder's bytes are whole strings' and numbers' UTF-8: read as text unchanged.
        text = String(decoding: builder.bytes, as: UTF8.self)
        tokens = builder.tokens
        self.urlPolicy = urlPolicy
        self.dates = dates
        rootPath = .root
        rootIndex = 0
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

        private mutating func append(_ kind: JSONToken.Kind, _ string: String, flags: (UnsafeBufferPointer<UInt8>) -> UInt8 = { _ in 0 }) {
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
            append(.number, number.text) { JSONNumberText.isShortInteger($0) ? JSONToken.shortIntegerFlag : 0 }
        }
        mutating func string(_ string: String) { append(.string, string) }

        /// A string whose UTF-8, unescaped, is `utf8`.
        mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            token(.string, start: start, length: utf8.count)
        }

        /// A number whose text, already valid, is `text`.
        mutating func number(text: UnsafeBufferPointer<UInt8>) {
            let start = bytes.count
            bytes.append(contentsOf: text)
            token(.number, flags: JSONNumberText.isShortInteger(text) ? JSONToken.shortIntegerFlag : 0, start: start, length: text.count)
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
    @inlinable package var root: Node { Node(document: self, index: rootIndex) }

    /// One value of the document.
    @usableFromInline
    package struct Node: Sendable {
        @usableFromInline let document: JSONDocument
        @usableFromInline let index: Int

        @usableFromInline
        init(document: JSONDocument, index: Int) {
            self.document = document
            self.index = index
        }

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

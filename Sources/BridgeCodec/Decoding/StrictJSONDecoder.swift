import Foundation

/// Decodes `Decodable` types from strict JSON bytes, text, parsed values or
/// Foundation object graphs, with every error as a ``JSONError``.
///
/// Strict about types: a boolean never decodes as a number or a number as a
/// boolean, an integer type accepts only numbers it holds exactly, and a
/// string is never coerced. With a ``URLPolicy``, every `URL` and ``BridgeURL`` decoded,
/// wherever it sits in the type, must pass it.
public struct StrictJSONDecoder: Sendable {
    /// Bounds on the input, checked before decoding starts.
    public var limits: JSONLimits
    /// The rule every decoded `URL` and ``BridgeURL`` must pass; `nil` (the default) checks none.
    public var urlPolicy: URLPolicy?
    /// How a `Date` is read; `.deferredToDate` by default, as `JSONDecoder` reads one. A page's
    /// own dates are ``DateDecodingStrategy-swift.enum/javaScriptISOString``, what a channel reads.
    public var dateDecodingStrategy: DateDecodingStrategy

    /// A decoder with the given limits, URL policy and date strategy.
    public init(limits: JSONLimits = .default, urlPolicy: URLPolicy? = nil, dateDecodingStrategy: DateDecodingStrategy = .deferredToDate) {
        self.limits = limits
        self.urlPolicy = urlPolicy
        self.dateDecodingStrategy = dateDecodingStrategy
    }

    /// Decodes a value from UTF-8 JSON bytes: `Data`, as `JSONDecoder` takes it, an array or a buffer.
    ///
    /// The bytes are parsed once into a document that the decoder reads in place: no tree of
    /// values, and no `String` for keys the type already knows.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws(JSONError) -> T {
        try Self.decode(type, from: JSONDocument(reading: bytes, limits: limits, urlPolicy: urlPolicy, dates: dateDecodingStrategy))
    }

    /// Decodes a value from JSON text.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws(JSONError) -> T {
        try Self.decode(type, from: JSONDocument(reading: text, limits: limits, urlPolicy: urlPolicy, dates: dateDecodingStrategy))
    }

    /// Decodes a value from a Foundation object graph as `WKScriptMessage.body` delivers it,
    /// without serialising it to JSON text. See ``JSONValue/init(foundationObject:limits:)``:
    /// an `NSDate` reads as the ISO text the page's `JSON.stringify` writes, which a `Date` reads
    /// with ``DateDecodingStrategy-swift.enum/javaScriptISOString`` (a channel's default).
    public func decode<T: Decodable>(_ type: T.Type, fromFoundationObject object: Any) throws(JSONError) -> T {
        try Self.decode(type, from: JSONDocument(converting: object, limits: limits, urlPolicy: urlPolicy, dates: dateDecodingStrategy))
    }

    /// Decodes a value from a JSON value, once it is within the limits.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONError) -> T {
        try Self.decode(type, from: JSONDocument(converting: value, limits: limits, urlPolicy: urlPolicy, dates: dateDecodingStrategy))
    }

    /// Every input is read as a document: one reader, with the document's URL policy.
    @inlinable
    static func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws(JSONError) -> T {
        do {
            return try StrictDecoding.decode(type, from: document.root)
        } catch {
            throw JSONError(wrapping: error)
        }
    }
}

import Foundation

extension JSONValue {
    /// Parses UTF-8 bytes strictly (RFC 8259, no extensions), within `limits`.
    public init(parsing bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self), limits: limits)
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
        var text = text
        self = try text.withUTF8 { Self.parseResult($0, limits) }.get()
    }

    /// The buffer-borrowing APIs rethrow only untyped errors, so the typed error travels out as a `Result`.
    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits
    ) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) in try JSONParser.parse(buffer, limits: limits) }
    }
}

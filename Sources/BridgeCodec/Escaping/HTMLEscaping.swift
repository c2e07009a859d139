/// The HTML text and attribute encoding behind ``Escaper/htmlText(_:)`` and ``Escaper/htmlAttribute(_:)``.
enum HTMLEscaping {
    static let table = ByteEscapeTable { byte in
        switch byte {
        case 0x26: Array("&amp;".utf8)
        case 0x3C: Array("&lt;".utf8)
        case 0x3E: Array("&gt;".utf8)
        case 0x22: Array("&quot;".utf8)
        case 0x27: Array("&#39;".utf8)
        case 0x60: Array("&#96;".utf8)
        // NUL has no HTML form: browsers read it, raw or as &#0;, as U+FFFD.
        case 0x00: Array("&#xFFFD;".utf8)
        case 0x09, 0x0A: nil
        case 0x01..<0x20: Array("&#\(byte);".utf8)
        default: nil
        }
    }

    /// Appends `bytes` encoded for HTML text or an attribute value.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        table.escape(bytes, into: &output)
    }
}

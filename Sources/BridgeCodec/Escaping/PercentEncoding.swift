/// The URL query-component encoding behind ``Escaper/urlQueryComponent(_:)``: every byte but the
/// RFC 3986 unreserved characters as `%XX`, in UTF-8.
enum PercentEncoding {
    static let table = ByteEscapeTable { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            nil
        default: [UInt8(ascii: "%"), Escaper.upperHexDigit(byte >> 4), Escaper.upperHexDigit(byte & 0xF)]
        }
    }

    /// Appends `bytes` percent-encoded. Out of line: inlined into `Escaper`'s append beside the
    /// other contexts' calls, its loop has too few registers.
    @inline(never)
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        table.escape(bytes, into: &output)
    }
}

/// Percent-encoding, the one encoder of `%XX`: the URL Standard's percent-encode sets, each
/// applied to the UTF-8 of one part of a URL, and RFC 3986's for a query component.
enum URLPercentEncoding {
    /// Which set: one of the Standard's, each containing the sets before it that it names, or
    /// RFC 3986's for a component.
    enum EncodeSet {
        /// C0 controls and every byte above `~`: opaque paths and opaque hosts.
        case c0Control
        /// `c0Control` and space `"` `<` `>` the backtick.
        case fragment
        /// `c0Control` and space `"` `#` `<` `>`.
        case query
        /// `query` and `'`: the query of a special URL.
        case specialQuery
        /// `query` and `?` `^` the backtick `{` `}`.
        case path
        /// `path` and `/` `:` `;` `=` `@` `[` `\` `]` `|`.
        case userInfo
        /// Every byte but RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`): a query
        /// component (``Escaper/urlQueryComponent(_:)``), in which `&`, `=`, `#`, `+` and `;` survive.
        case component
    }

    /// `set` as the escaping engine's table: each byte in the set writes `%XX`, in uppercase hex.
    static func table(_ set: EncodeSet) -> ByteEscapeTable {
        switch set {
        case .c0Control: c0Control
        case .fragment: fragment
        case .query: query
        case .specialQuery: specialQuery
        case .path: path
        case .userInfo: userInfo
        case .component: component
        }
    }

    /// Whether `set` percent-encodes `byte`.
    static func encodes(_ byte: UInt8, _ set: EncodeSet) -> Bool { table(set).escapes(byte) }

    /// Appends `bytes`, each byte in `set` written `%XX`.
    static func append(_ bytes: some Collection<UInt8>, _ set: EncodeSet, to output: inout [UInt8]) {
        let table = table(set)
        bytes.withContiguousBytes { table.escape($0, into: &output) }
    }

    private static func encoding(where encodes: (UInt8) -> Bool) -> ByteEscapeTable {
        ByteEscapeTable { byte in
            encodes(byte) ? [UInt8(ascii: "%"), Escaper.upperHexDigit(byte >> 4), Escaper.upperHexDigit(byte & 0xF)] : nil
        }
    }

    private static func encoding(_ extra: String, over base: ByteEscapeTable) -> ByteEscapeTable {
        encoding { base.escapes($0) || extra.utf8.contains($0) }
    }

    private static let c0Control = encoding { $0 < 0x20 || $0 > 0x7E }
    private static let fragment = encoding(" \"<>`", over: c0Control)
    private static let query = encoding(" \"#<>", over: c0Control)
    private static let specialQuery = encoding("'", over: query)
    private static let path = encoding("?^`{}", over: query)
    private static let userInfo = encoding("/:;=@[\\]|", over: path)
    private static let component = encoding { !(URLReader.isAlpha($0) || URLReader.isDigit($0) || "-._~".utf8.contains($0)) }
}

/// Percent-encoding, the one encoder of `%XX`: the URL Standard's percent-encode sets, each
/// applied to the UTF-8 of one part of a URL, and RFC 3986's for a query component.
enum URLPercentEncoding {
    /// Which of the Standard's sets; each contains the sets before it that it names.
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

    private static func table(_ extra: String, over base: [Bool]) -> [Bool] {
        var table = base
        for byte in extra.utf8 { table[Int(byte)] = true }
        return table
    }

    private static let c0Control = (0...255).map { $0 < 0x20 || $0 > 0x7E }
    private static let fragment = table(" \"<>`", over: c0Control)
    private static let query = table(" \"#<>", over: c0Control)
    private static let specialQuery = table("'", over: query)
    private static let path = table("?^`{}", over: query)
    private static let userInfo = table("/:;=@[\\]|", over: path)
    private static let component = (0...255).map { byte in
        !(URLReader.isAlpha(UInt8(byte)) || URLReader.isDigit(UInt8(byte)) || "-._~".utf8.contains(UInt8(byte)))
    }

    /// Whether `set` percent-encodes `byte`.
    static func encodes(_ byte: UInt8, _ set: EncodeSet) -> Bool { table(set)[Int(byte)] }

    private static func table(_ set: EncodeSet) -> [Bool] {
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

    /// Appends `bytes`, each byte in `set` written `%XX`.
    static func append(_ bytes: some Collection<UInt8>, _ set: EncodeSet, to output: inout [UInt8]) {
        let table = table(set)
        for byte in bytes {
            if table[Int(byte)] {
                output.append(UInt8(ascii: "%"))
                output.append(Escaper.upperHexDigit(byte >> 4))
                output.append(Escaper.upperHexDigit(byte & 0xF))
            } else {
                output.append(byte)
            }
        }
    }
}

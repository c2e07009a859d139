extension StringProtocol {
    /// This text with `A`-`Z` lowercased and every other byte kept.
    ///
    /// Schemes, hosts and origins ignore ASCII case only. `lowercased()` follows Unicode, which
    /// turns U+212A (Kelvin sign) into `k`: an allow-list entry or a URL written with it would
    /// stand for an ASCII name that a browser never reads it as.
    func asciiLowercased() -> String {
        String(decoding: utf8.lazy.map(Self.asciiLowercased), as: UTF8.self)
    }

    /// The UTF-8 of ``asciiLowercased()``, made straight from the bytes, for comparing as bytes.
    func asciiLowercasedUTF8() -> [UInt8] {
        utf8.map(Self.asciiLowercased)
    }

    /// `byte`, lowercased when it is `A`-`Z`.
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension StringProtocol {
    /// This text with `A`-`Z` lowercased and every other byte kept.
    ///
    /// Schemes, hosts and origins ignore ASCII case only. `lowercased()` follows Unicode, which
    /// turns U+212A (Kelvin sign) into `k`: an allow-list entry or a URL written with it would
    /// stand for an ASCII name that a browser never reads it as.
    func asciiLowercased() -> String {
        String(decoding: utf8.lazy.map(\.asciiLowercased), as: UTF8.self)
    }

    /// The UTF-8 of ``asciiLowercased()``, made straight from the bytes, for comparing as bytes.
    func asciiLowercasedUTF8() -> [UInt8] {
        utf8.map(\.asciiLowercased)
    }
}

extension UInt8 {
    /// This byte, lowercased when it is `A`-`Z`.
    var asciiLowercased: UInt8 {
        self &- UInt8(ascii: "A") < 26 ? self | 0x20 : self
    }
}

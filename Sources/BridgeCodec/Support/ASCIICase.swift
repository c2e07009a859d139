extension StringProtocol {
    /// This text with `A`-`Z` lowercased and every other byte kept.
    ///
    /// Schemes, and hosts and origins once in ASCII, ignore ASCII case only. `lowercased()`
    /// follows Unicode's case mapping, which no URL rule does: a host's other characters are
    /// UTS #46's to map (the URL reader's domain to ASCII), and a scheme holds none.
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

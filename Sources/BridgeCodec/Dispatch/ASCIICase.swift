extension StringProtocol {
    /// This text with `A`-`Z` lowercased and every other byte kept.
    ///
    /// Schemes, hosts and origins ignore ASCII case only. `lowercased()` follows Unicode, which
    /// turns U+212A (Kelvin sign) into `k`: an allow-list entry or a URL written with it would
    /// stand for an ASCII name that a browser never reads it as.
    func asciiLowercased() -> String {
        String(decoding: utf8.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

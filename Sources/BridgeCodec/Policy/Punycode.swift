/// Punycode (RFC 3492): how a label with non-ASCII code points is written in an `xn--` label.
enum Punycode {
    /// The longest label either way, in bytes or code points: both directions take time that
    /// grows with the square of a label's length, and a browser's longest host is far shorter.
    static let maximumLabelLength = 2048

    /// The code points `encoded` stands for, or `nil` when it is not Punycode or is longer than
    /// ``maximumLabelLength``.
    static func decode(_ encoded: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        guard encoded.count <= maximumLabelLength else { return nil }
        let base = 36
        var output: [Unicode.Scalar] = []
        var rest = encoded
        if let delimiter = encoded.lastIndex(of: UInt8(ascii: "-")) {
            // With nothing before it, the delimiter is read as a digit, which it is not (RFC 3492 6.2).
            guard delimiter > encoded.startIndex else { return nil }
            for byte in encoded[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            rest = encoded[(delimiter + 1)...]
        }
        var codePoint = 0x80
        var index = 0
        var bias = 72
        var position = rest.startIndex
        while position < rest.endIndex {
            let oldIndex = index
            var weight = 1
            var k = base
            while true {
                guard position < rest.endIndex, let digit = digitValue(rest[position]) else { return nil }
                position += 1
                guard digit <= (Int(Int32.max) - index) / weight else { return nil }
                index += digit * weight
                let threshold = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                if digit < threshold { break }
                guard weight <= Int(Int32.max) / (base - threshold) else { return nil }
                weight *= base - threshold
                k += base
            }
            bias = adapt(delta: index - oldIndex, count: output.count + 1, first: oldIndex == 0)
            guard index / (output.count + 1) <= 0x10FFFF - codePoint else { return nil }
            codePoint += index / (output.count + 1)
            index %= output.count + 1
            guard let scalar = Unicode.Scalar(UInt32(codePoint)) else { return nil }
            output.insert(scalar, at: index)
            index += 1
        }
        return output
    }

    /// `scalars` in Punycode, without the `xn--`; `nil` when a delta overflows, as RFC 3492's
    /// 32-bit arithmetic does, or past ``maximumLabelLength``.
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        guard scalars.count <= maximumLabelLength else { return nil }
        let base = 36
        var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var codePoint = 0x80
        var delta = 0
        var bias = 72
        while handled < scalars.count {
            // The smallest code point not yet written.
            guard let next = scalars.lazy.map({ Int($0.value) }).filter({ $0 >= codePoint }).min() else { return nil }
            guard next - codePoint <= (Int(Int32.max) - delta) / (handled + 1) else { return nil }
            delta += (next - codePoint) * (handled + 1)
            codePoint = next
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < codePoint {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard value == codePoint else { continue }
                var q = delta
                var k = base
                while true {
                    let threshold = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                    if q < threshold { break }
                    output.append(digit(threshold + (q - threshold) % (base - threshold)))
                    q = (q - threshold) / (base - threshold)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            codePoint += 1
        }
        return output
    }

    /// The digit for `value` (0 to 35): `a`-`z`, then `0`-`9`.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((36 - 1) * 26) / 2 {
            delta /= 36 - 1
            k += 36
        }
        return k + (36 * delta) / (delta + 38)
    }
}

/// Punycode (RFC 3492), to check an `xn--` label as UTS 46 does before a browser accepts it.
enum Punycode {
    /// Whether `encoded` (a label without its `xn--`, in lowercase) decodes to a label UTS 46
    /// accepts: not empty, not all ASCII, not itself starting `xn--`, not starting with a mark,
    /// and made of assigned characters that NFKC case folding leaves as they are (UTS 46 maps
    /// the others, so a label holding them is never the result of its processing). The bidi and
    /// joiner rules are not checked: a label they refuse is accepted here, and a browser then fails to load it.
    static func isValidLabel(_ encoded: ArraySlice<UInt8>) -> Bool {
        guard let decoded = decode(encoded), let first = decoded.first, decoded.contains(where: { $0.value >= 0x80 }),
            !decoded.starts(with: "xn--".unicodeScalars)
        else { return false }
        switch first.properties.generalCategory {
        case .spacingMark, .nonspacingMark, .enclosingMark: return false
        default: break
        }
        return decoded.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .unassigned, .control, .format, .surrogate, .privateUse, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                return false
            default:
                return scalar != "." && !scalar.properties.changesWhenNFKCCaseFolded
            }
        }
    }

    /// The code points `encoded` stands for, or `nil` when it is not Punycode.
    static func decode(_ encoded: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        let base = 36
        var output: [Unicode.Scalar] = []
        var rest = encoded
        if let delimiter = encoded.lastIndex(of: UInt8(ascii: "-")) {
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

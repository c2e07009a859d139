import Foundation

/// UTS #46 ToASCII as the URL Standard's domain to ASCII (not strict) runs it on a domain that is
/// not all ASCII: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false, CheckBidi and
/// CheckJoiners true, and non-transitional processing, on the tables of ``IDNATables``. The
/// Standard only lowercases an all-ASCII domain; `URLHost` does that without calling here.
enum DomainToASCII {
    /// `domain` in ASCII as a browser writes it (`bücher.de` is `xn--bcher-kva.de`), or `nil`
    /// where UTS #46 records an error. The URL host parser's checks that follow (an empty result,
    /// forbidden code points, a number at the end) are the caller's.
    static func convert(_ domain: String) -> String? {
        let data = IDNAData.shared
        // Map: ASCII lowercase, the rest by the mapping table. A disallowed code point is an error.
        var mapped = String.UnicodeScalarView()
        for scalar in domain.unicodeScalars {
            if scalar.isASCII {
                mapped.append(Unicode.Scalar(UInt8(scalar.value).asciiLowercased))
                continue
            }
            switch data.mapping(of: scalar) {
            case .valid: mapped.append(scalar)
            case .disallowed: return nil
            case .mapped(let replacement): mapped.append(contentsOf: replacement)
            }
        }
        // Normalize, then break into labels at U+002E (the mapping has turned `。` and its kin into it).
        let normalized = String(mapped).precomposedStringWithCanonicalMapping.unicodeScalars
        var labels: [[Unicode.Scalar]] = []
        for label in normalized.split(separator: ".", omittingEmptySubsequences: false) {
            if label.starts(with: "xn--".unicodeScalars) {
                // Convert: the label's Unicode form, which must itself be a valid label that
                // processing leaves as it is (NFC here; every code point valid with the rest below).
                guard label.allSatisfy(\.isASCII), let decoded = Punycode.decode(ArraySlice(label.dropFirst(4).map { UInt8($0.value) })),
                    decoded.contains(where: { !$0.isASCII }), isNFC(decoded)
                else { return nil }
                labels.append(decoded)
            } else {
                labels.append(Array(label))
            }
        }
        for label in labels {
            guard isValid(label, data: data) else { return nil }
        }
        if labels.contains(where: { $0.contains { data.properties(of: $0).bidi.isRightToLeft } }) {
            // A Bidi domain name: every label satisfies RFC 5893's Bidi rule, an ASCII one too
            // (`1.ي` is refused, as ICU's engines refuse it). The empty label a trailing dot leaves
            // is no label to hold to it.
            for label in labels where !label.isEmpty {
                guard satisfiesBidiRule(label, data: data) else { return nil }
            }
        }
        // To ASCII: a label with a non-ASCII code point in Punycode (an `xn--` label too, written
        // again from its Unicode form).
        var output = ""
        for (index, label) in labels.enumerated() {
            if index > 0 { output += "." }
            if label.allSatisfy(\.isASCII) {
                output.unicodeScalars.append(contentsOf: label)
            } else {
                guard let encoded = Punycode.encode(label) else { return nil }
                output += "xn--" + String(decoding: encoded, as: UTF8.self)
            }
        }
        return output
    }

    private static func isNFC(_ scalars: [Unicode.Scalar]) -> Bool {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text).precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(scalars)
    }

    /// UTS #46's validity criteria for a label, CheckHyphens false: not starting `xn--` (a
    /// decoded label), no `.`, not starting with a mark, every code point valid, and U+200C and
    /// U+200D only where RFC 5892's ContextJ rules allow them.
    private static func isValid(_ label: [Unicode.Scalar], data: IDNAData) -> Bool {
        guard let first = label.first else { return true }
        if label.starts(with: "xn--".unicodeScalars) || label.contains(".") { return false }
        if !first.isASCII, data.properties(of: first).isMark { return false }
        for (index, scalar) in label.enumerated() where !scalar.isASCII {
            guard data.mapping(of: scalar) == .valid else { return false }
            guard scalar == "\u{200C}" || scalar == "\u{200D}" else { continue }
            // Both joiners are allowed after a virama; a zero width non-joiner also between a
            // left- (or dual-) joining and a right- (or dual-) joining letter, transparent ones aside.
            if index > 0, data.properties(of: label[index - 1]).isVirama { continue }
            guard scalar == "\u{200C}" else { return false }
            let before = label[..<index].last { data.properties(of: $0).joining != .transparent }
            let after = label[(index + 1)...].first { data.properties(of: $0).joining != .transparent }
            guard let before, let after, [.left, .dual].contains(data.properties(of: before).joining),
                [.right, .dual].contains(data.properties(of: after).joining)
            else { return false }
        }
        return true
    }

    /// RFC 5893's six conditions: a label starts with an L, R or AL character; a right-to-left
    /// label holds only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM, ends (NSMs aside) in R, AL, EN
    /// or AN, and never holds both EN and AN; a left-to-right label holds only L, EN, ES, CS, ET,
    /// ON, BN and NSM and ends (NSMs aside) in L or EN.
    private static func satisfiesBidiRule(_ label: [Unicode.Scalar], data: IDNAData) -> Bool {
        let classes = label.map { data.properties(of: $0).bidi }
        guard let first = classes.first else { return true }
        let last = classes.last { $0 != .nonspacingMark }
        switch first {
        case .rightToLeft, .arabicLetter:
            let allowed: Set<IDNAData.BidiClass> = [
                .rightToLeft, .arabicLetter, .arabicNumber, .europeanNumber, .europeanSeparator, .commonSeparator,
                .europeanTerminator, .otherNeutral, .boundaryNeutral, .nonspacingMark,
            ]
            guard classes.allSatisfy(allowed.contains), let last,
                [.rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber].contains(last)
            else { return false }
            return !(classes.contains(.europeanNumber) && classes.contains(.arabicNumber))
        case .leftToRight:
            let allowed: Set<IDNAData.BidiClass> = [
                .leftToRight, .europeanNumber, .europeanSeparator, .commonSeparator, .europeanTerminator, .otherNeutral,
                .boundaryNeutral, .nonspacingMark,
            ]
            guard classes.allSatisfy(allowed.contains), let last else { return false }
            return last == .leftToRight || last == .europeanNumber
        default:
            return false
        }
    }
}

/// The URL Standard's host parser and host serializer.
enum URLHost {
    /// Appends the serialization of `text`, a URL's host as written, or throws why a browser refuses it.
    static func append(_ text: some BidirectionalCollection<UInt8>, isSpecial: Bool, to output: inout [UInt8]) throws(WebURL.ParseError) {
        if text.first == UInt8(ascii: "[") {
            guard text.count >= 2, text.last == UInt8(ascii: "]"), let address = IPv6Address(text.dropFirst().dropLast()) else {
                throw .invalidHost
            }
            output.append(UInt8(ascii: "["))
            output += address.serialized.utf8
            output.append(UInt8(ascii: "]"))
            return
        }
        guard isSpecial else {
            // An opaque host: kept as written, percent-encoded.
            guard !text.contains(where: isForbiddenHostByte) else { throw .invalidHost }
            URLPercentEncoding.append(text, .c0Control, to: &output)
            return
        }
        let start = output.count
        if text.contains(UInt8(ascii: "%")) {
            try appendDomain(PercentDecoding.decodeKeepingStrayPercents(text), to: &output)
        } else {
            try appendDomain(text, to: &output)
        }
        if endsInNumber(output[start...]) {
            guard let address = ipv4Address(output[start...]) else { throw .invalidHost }
            output.removeSubrange(start...)
            output += "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)".utf8
        }
    }

    /// Domain to ASCII: an ASCII domain lowercased, any other through UTS #46 (``DomainToASCII``);
    /// then refused when empty or holding a forbidden domain code point. An ASCII domain never fails
    /// UTS #46 in the URL Standard, even with an `xn--` label that is not valid Punycode: such hosts
    /// are in use, and browsers read them as written.
    private static func appendDomain(_ domain: some Collection<UInt8>, to output: inout [UInt8]) throws(WebURL.ParseError) {
        let start = output.count
        var isASCII = true
        for byte in domain {
            if byte >= 0x80 { isASCII = false }
            output.append(byte.asciiLowercased)
        }
        if !isASCII {
            // The bytes as UTF-8, a malformed sequence as U+FFFD (which UTS #46 disallows).
            guard let ascii = DomainToASCII.convert(String(decoding: domain, as: UTF8.self)) else {
                output.removeSubrange(start...)
                throw .invalidHost
            }
            output.replaceSubrange(start..., with: ascii.utf8)
        }
        guard output.count > start, !output[start...].contains(where: isForbiddenDomainByte) else { throw .invalidHost }
    }

    /// `host`, given on its own (an allow-list entry, a frame's reported host), as a browser
    /// serializes the host of an `https` URL; `nil` when a browser would refuse it.
    static func serialized(_ host: String) -> String? {
        var output: [UInt8] = []
        guard (try? append(ArraySlice(host.utf8), isSpecial: true, to: &output)) != nil else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// The forbidden host code points: NUL, tab, newlines, space, `#` `/` `:` `<` `>` `?` `@` `[` `\` `]` `^` `|`.
    private static let forbiddenHostBytes = ASCIIByteSet { byte in
        byte == 0 || byte == 0x09 || byte == 0x0A || byte == 0x0D || " #/:<>?@[\\]^|".utf8.contains(byte)
    }

    /// The forbidden domain code points: the forbidden host code points, C0 controls, `%` and DEL.
    private static let forbiddenDomainBytes = ASCIIByteSet { byte in
        forbiddenHostBytes.contains(byte) || byte <= 0x1F || byte == UInt8(ascii: "%") || byte == 0x7F
    }

    private static func isForbiddenHostByte(_ byte: UInt8) -> Bool { forbiddenHostBytes.contains(byte) }

    private static func isForbiddenDomainByte(_ byte: UInt8) -> Bool { forbiddenDomainBytes.contains(byte) }

    /// Whether the last label (a final empty one aside) is a number: such a host is an IPv4 address.
    private static func endsInNumber(_ domain: ArraySlice<UInt8>) -> Bool {
        let trimmed = domain.count > 1 && domain.last == UInt8(ascii: ".") ? domain.dropLast() : domain
        let last = trimmed[(trimmed.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? trimmed.startIndex)...]
        guard !last.isEmpty else { return false }
        if last.allSatisfy(URLReader.isDigit) { return true }
        return last.starts(with: "0x".utf8) && last.dropFirst(2).allSatisfy { $0.hexDigitValue != nil }
    }

    /// The IPv4 parser: one to four numbers, each decimal, octal (`0…`) or hexadecimal (`0x…`).
    private static func ipv4Address(_ domain: ArraySlice<UInt8>) -> UInt32? {
        var parts = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = ipv4Number(part) else { return nil }
            numbers.append(number)
        }
        guard let last = numbers.popLast(), numbers.allSatisfy({ $0 <= 255 }), last < 1 << (8 * (4 - numbers.count)) else {
            return nil
        }
        var address = last
        for (index, number) in numbers.enumerated() { address += number << (8 * (3 - index)) }
        return UInt32(address)
    }

    /// One IPv4 number, or `nil` when it is not one; values past 2^32 stay there, to be refused.
    private static func ipv4Number(_ text: ArraySlice<UInt8>) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var digits = text
        var radix: UInt64 = 10
        if text.count >= 2, text.first == UInt8(ascii: "0"), text.dropFirst().first?.asciiLowercased == UInt8(ascii: "x") {
            digits = text.dropFirst(2)
            radix = 16
        } else if text.count >= 2, text.first == UInt8(ascii: "0") {
            digits = text.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = byte.hexDigitValue.map(UInt64.init), digit < radix else { return nil }
            value = min(value * radix + digit, 1 << 33)
        }
        return value
    }
}

/// An IPv6 address, read by the Standard's IPv6 parser and written in its shortest form.
struct IPv6Address {
    private var pieces = [UInt16](repeating: 0, count: 8)

    init?(_ text: some Collection<UInt8>) {
        let input = Array(text)
        var pointer = 0
        var pieceIndex = 0
        var compress: Int?
        func at(_ index: Int) -> UInt8? { index < input.count ? input[index] : nil }
        if at(0) == UInt8(ascii: ":") {
            guard at(1) == UInt8(ascii: ":") else { return nil }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while let byte = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if byte == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = at(pointer).flatMap(\.hexDigitValue) {
                value = value << 4 | UInt16(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                // An IPv4 address in the last two pieces.
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while at(pointer) != nil {
                    if numbersSeen > 0 {
                        guard at(pointer) == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), URLReader.isDigit(first) else { return nil }
                    var number: Int?
                    while let digit = at(pointer), URLReader.isDigit(digit) {
                        guard number != 0 else { return nil }
                        number = (number ?? 0) * 10 + Int(digit - UInt8(ascii: "0"))
                        guard (number ?? 0) <= 255 else { return nil }
                        pointer += 1
                    }
                    pieces[pieceIndex] = pieces[pieceIndex] << 8 | UInt16(number ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            pieces[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                pieces.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
    }

    /// Lowercase hexadecimal without leading zeros, the first longest run of two or more zero pieces as `::`.
    var serialized: String {
        var best: (start: Int, length: Int) = (0, 0)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8, pieces[end] == 0 { end += 1 }
            if end - index > best.length { best = (index, end - index) }
            index = max(end, index + 1)
        }
        let hex = pieces.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") }
        return hex[..<best.start].joined(separator: ":") + "::" + hex[(best.start + best.length)...].joined(separator: ":")
    }
}

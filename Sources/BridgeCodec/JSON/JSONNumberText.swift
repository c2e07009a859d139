/// The value of number text that the parser has already checked for RFC 8259 syntax.
package enum JSONNumberText {
    /// The nearest `Double`, or `nil` when the text is not a number Swift can read.
    /// `isShortInteger` (at most 18 digits, no fraction or exponent) is read from its digits:
    /// such an integer fits an `Int64`, and `Int64` to `Double` rounds correctly. Any other
    /// number goes through the standard library's correctly rounded conversion.
    static func doubleValue(_ text: UnsafeBufferPointer<UInt8>, isShortInteger: Bool) -> Double? {
        guard isShortInteger else { return Double(String(decoding: text, as: UTF8.self)) }
        let (isNegative, magnitude) = shortInteger(text)
        return isNegative ? -Double(magnitude) : Double(magnitude)  // "-0" stays -0.0
    }

    /// The exact integer that valid number text stands for, or `nil` when its digits leave a
    /// non-zero fraction or the value is outside `Integer`'s range. Digits and exponent are read
    /// as written: a `Double` would round both the fraction (`1.00000000000000001`) and the
    /// digits beyond 2^53 away.
    static func exactInteger<Integer: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: Integer.Type) -> Integer? {
        let count = text.count
        var index = 0
        let isNegative = count > 0 && text[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        let digitsStart = index
        var fractionDigits = 0
        var isInFraction = false
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                isInFraction = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                if isInFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        let digitsEnd = index
        // Past this many, any exponent is decided without its exact value: a non-zero
        // significand overflows every integer type, or leaves a fraction.
        let exponentLimit = count + Integer.bitWidth
        var exponent = 0
        if index < count {
            index += 1  // e or E
            let isNegativeExponent = index < count && text[index] == UInt8(ascii: "-")
            if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            while index < count {
                exponent = min(exponent * 10 + Int(text[index] &- UInt8(ascii: "0")), exponentLimit)
                index += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        // The value is the digits after leading zeros (`significantDigits` of them, the first not
        // zero) times 10^shift.
        var first = digitsStart
        while first < digitsEnd, text[first] == UInt8(ascii: "0") || text[first] == UInt8(ascii: ".") { first += 1 }
        guard first < digitsEnd else { return 0 }  // zero, whatever its exponent or sign
        let significantDigits = digitsEnd - first - (isInFraction && first < digitsEnd - fractionDigits ? 1 : 0)
        var shift = exponent - fractionDigits
        var kept = significantDigits
        if shift < 0 {
            // The last -shift digits are a fraction: all zeros, or the number is no integer.
            guard -shift < significantDigits else { return nil }
            var position = digitsEnd
            var zeros = 0
            while zeros < -shift {
                position -= 1
                if text[position] == UInt8(ascii: ".") { continue }
                guard text[position] == UInt8(ascii: "0") else { return nil }
                zeros += 1
            }
            kept += shift
            shift = 0
        }
        guard !isNegative || Integer.isSigned else { return nil }
        var value: Integer = 0
        var position = first
        while kept > 0 {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: ".") { continue }
            guard let next = accumulate(value, digit: byte &- UInt8(ascii: "0"), isNegative: isNegative) else { return nil }
            value = next
            kept -= 1
        }
        for _ in 0..<shift {
            guard let next = accumulate(value, digit: 0, isNegative: isNegative) else { return nil }
            value = next
        }
        return value
    }

    /// The digits valid number text has from its first non-zero digit to its last, the point
    /// and exponent aside: `0.00120` has `12`, `1.5e3` has `15`, `0` none.
    static func significantDigits(_ text: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        let mantissa = text.prefix { $0 | 0x20 != UInt8(ascii: "e") }.filter { $0 &- UInt8(ascii: "0") < 10 }
        guard let first = mantissa.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = mantissa.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else { return [] }
        return mantissa[first...last]
    }

    /// `value * 10 ± digit`, or `nil` on overflow; negative values accumulate downwards, so the
    /// type's minimum is reached.
    private static func accumulate<Integer: FixedWidthInteger>(_ value: Integer, digit: UInt8, isNegative: Bool) -> Integer? {
        let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        let (next, carry) =
            isNegative
            ? tens.subtractingReportingOverflow(Integer(digit)) : tens.addingReportingOverflow(Integer(digit))
        return carry ? nil : next
    }

    /// Whether valid number text is an integer that ``shortInteger(_:)`` reads exactly: at most
    /// 18 bytes, with no fraction or exponent. The parser applies the same rule as it scans.
    static func isShortInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count <= 18 && !text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// The sign and digits of an integer of at most 18 digits, which an `Int64` holds exactly.
    static func shortInteger(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, magnitude: Int64) {
        let isNegative = text.first == UInt8(ascii: "-")
        var magnitude: Int64 = 0
        for byte in text[(isNegative ? 1 : 0)...] {
            magnitude = magnitude &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
        }
        return (isNegative, magnitude)
    }

    /// ECMAScript's Number::toString of a finite, non-zero `Double`, from Swift's `description`
    /// of it, which holds the same shortest round-trip digits in another layout (`1e+15`,
    /// `1.5e-07`, `100.0`): the digits and the decimal exponent are read out of it and laid out
    /// as JavaScript lays them out.
    package static func javaScriptText(shortestForm: String) -> String {
        var digits: [UInt8] = []
        var isNegative = false
        var pointIndex: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in shortestForm.utf8 {
            switch byte {
            case UInt8(ascii: "-") where inExponent: exponentSign = -1
            case UInt8(ascii: "-"): isNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): pointIndex = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where inExponent: exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
            default: break
            }
        }
        // The value is 0.d1d2…dk × 10^n: n counts the digits before the point.
        var n = (pointIndex ?? digits.count) + exponentSign * exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        n -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let k = digits.count
        var text: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
        if k <= n && n <= 21 {
            text += digits
            text += repeatElement(UInt8(ascii: "0"), count: n - k)
        } else if 0 < n && n <= 21 {
            text += digits[..<n]
            text.append(UInt8(ascii: "."))
            text += digits[n...]
        } else if -6 < n && n <= 0 {
            text += Array("0.".utf8)
            text += repeatElement(UInt8(ascii: "0"), count: -n)
            text += digits
        } else {
            text.append(digits[0])
            if k > 1 {
                text.append(UInt8(ascii: "."))
                text += digits[1...]
            }
            text += Array((n - 1 > 0 ? "e+" : "e-").utf8)
            text += Array(String(abs(n - 1)).utf8)
        }
        return String(decoding: text, as: UTF8.self)
    }
}

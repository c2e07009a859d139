import Foundation

/// The text JavaScript writes for a `Date` (`Date.prototype.toISOString`, which `JSON.stringify`
/// calls): `2026-12-01T12:00:00.123Z`, always UTC and always with milliseconds, years outside
/// 0…9999 as a sign and six digits (`+275760-09-13T00:00:00.000Z`). A page's date reaches the app
/// in this form over the text transports, and WebKit hands the same date over as an `NSDate`; both
/// read as this text, so the two transports agree. The app's dates go into the page in this form
/// too (``ScriptJSONEncoder``), where `new Date(text)` is the same instant.
enum JavaScriptDate {
    /// The farthest a JavaScript time value reaches from 1970 either way, in milliseconds.
    static let rangeMilliseconds = 8.64e15

    /// Why a date beyond ``rangeMilliseconds`` has no text: no JavaScript `Date` holds it.
    static let beyondRange = "the date is beyond the range of a JavaScript Date (±8.64e15 ms from 1970)"

    private static let millisecondsPerDay: Int64 = 86_400_000

    /// `date` as JavaScript writes it, to the nearest millisecond; `nil` beyond the range of a
    /// JavaScript `Date`, and for a date whose interval is NaN (what `JSON.stringify` writes as `null`).
    ///
    /// Nearest, not toward zero as JavaScript cuts a time value: a `Date` holds seconds since 2001 as
    /// a `Double`, so one made from a whole millisecond since 1970 often holds a hair either side of
    /// it, and cutting would turn a hair under into the millisecond before. ``date(from:)`` reads the text back as that
    /// whole millisecond, so a date written and read again is the date to the millisecond. That
    /// holds within 139,000 years of 1970 (2^42 seconds of a `Date`'s interval), where a `Double`
    /// holds every millisecond; farther out the interval is coarser than a millisecond, and the text
    /// names the millisecond nearest the value the date holds.
    static func text(of date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard abs(milliseconds) <= rangeMilliseconds else { return nil }
        let time = Int64(milliseconds)
        let days = time.floorDivided(by: millisecondsPerDay)
        var remainder = time - days * millisecondsPerDay
        let (year, month, day) = civil(fromDays: days)
        let millisecond = remainder % 1000
        remainder /= 1000
        let second = remainder % 60
        remainder /= 60
        let minute = remainder % 60
        let hour = remainder / 60
        let yearText =
            (0...9999).contains(year) ? digits(year, 4) : (year < 0 ? "-" : "+") + digits(abs(year), 6)
        return "\(yearText)-\(digits(month, 2))-\(digits(day, 2))T\(digits(hour, 2)):\(digits(minute, 2)):"
            + "\(digits(second, 2)).\(digits(millisecond, 3))Z"
    }

    /// The date `text` names when it is exactly what ``text(of:)`` writes; `nil` for any other text.
    static func date(from text: String) -> Date? {
        var bytes = Array(text.utf8)[...]
        func number(_ count: Int) -> Int64? {
            guard bytes.count >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes.prefix(count) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            bytes.removeFirst(count)
            return value
        }
        func literal(_ byte: UInt8) -> Bool {
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }
        let year: Int64
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes.removeFirst()
            // `-000000` is no year: ECMAScript refuses it, as it does six digits for a year of four.
            guard let magnitude = number(6), magnitude != 0 || sign == UInt8(ascii: "+") else { return nil }
            guard !(0...9999).contains(sign == UInt8(ascii: "-") ? -magnitude : magnitude) else { return nil }
            year = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        } else {
            guard let plain = number(4) else { return nil }
            year = plain
        }
        guard literal(UInt8(ascii: "-")), let month = number(2), literal(UInt8(ascii: "-")), let day = number(2),
            literal(UInt8(ascii: "T")), let hour = number(2), literal(UInt8(ascii: ":")), let minute = number(2),
            literal(UInt8(ascii: ":")), let second = number(2), literal(UInt8(ascii: ".")), let millisecond = number(3),
            literal(UInt8(ascii: "Z")), bytes.isEmpty,
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Self.days(fromCivil: year, month, day)
        let time = Double(days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
        guard abs(time) <= rangeMilliseconds else { return nil }
        return Date(timeIntervalSince1970: time / 1000)
    }

    /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`, in eras of 400 years).
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days from 1970-01-01 to the given proleptic Gregorian date (`days_from_civil`).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear.floorDivided(by: 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func digits(_ value: Int64, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity, for dates before 1970.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

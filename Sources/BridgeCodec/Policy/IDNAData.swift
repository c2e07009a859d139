/// ``IDNATables`` read into arrays searched by code point, once, on the first non-ASCII or
/// `xn--` domain: a process that reads only ASCII hosts never parses them.
struct IDNAData: Sendable {
    static let shared = IDNAData()

    /// What UTS #46's mapping does with a code point, under non-transitional processing.
    enum Mapping: Equatable {
        case valid
        case disallowed
        /// Replaced by these code points; none for an ignored one.
        case mapped([Unicode.Scalar])
    }

    /// The bidi classes RFC 5893 names; `other` for the rest, which it allows in no label.
    enum BidiClass: UInt8 {
        case leftToRight, rightToLeft, arabicLetter, arabicNumber, europeanNumber, europeanSeparator, commonSeparator
        case europeanTerminator, otherNeutral, boundaryNeutral, nonspacingMark, other

        /// R, AL or AN: a domain holding one is a Bidi domain name.
        var isRightToLeft: Bool { self == .rightToLeft || self == .arabicLetter || self == .arabicNumber }
    }

    /// The joining types RFC 5892's ContextJ rule for U+200C names.
    enum JoiningType: UInt8 {
        case left, dual, right, transparent, other
    }

    /// What the validity criteria ask of a valid code point.
    struct Properties: Equatable {
        var bidi: BidiClass
        var joining: JoiningType
        /// General_Category Mark: no label starts with one.
        var isMark: Bool
        /// Canonical_Combining_Class Virama: a joiner may follow one.
        var isVirama: Bool
    }

    /// A run of the mapping table.
    private enum Run {
        case valid, disallowed
        /// Each code point replaced by `replacementScalars[range]`.
        case mapped(Range<Int>)
        /// Each code point replaced by the one as far past `first` as it is past the run's start.
        case offset(first: UInt32)
    }

    private var mappingStarts: [UInt32] = []
    private var mappingRuns: [Run] = []
    private var replacementScalars: [Unicode.Scalar] = []
    private var propertyStarts: [UInt32] = []
    private var propertyValues: [Properties] = []

    private init() {
        for entry in IDNATables.mapping.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == " " }) {
            let (start, rest) = Self.hexPrefix(entry)
            guard let start, let kindCharacter = rest.first else { continue }
            let payload = rest.dropFirst().split(separator: "+").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            mappingStarts.append(start)
            switch kindCharacter {
            case "V": mappingRuns.append(.valid)
            case "O": mappingRuns.append(.offset(first: payload.first?.value ?? 0))
            case "M":
                mappingRuns.append(.mapped(replacementScalars.count..<replacementScalars.count + payload.count))
                replacementScalars += payload
            default: mappingRuns.append(.disallowed)
            }
        }
        for entry in IDNATables.properties.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == " " }) {
            let (start, rest) = Self.hexPrefix(entry)
            let codes = Array(rest.dropFirst().utf8)
            guard let start, codes.count == 3 else { continue }
            let bidi: BidiClass =
                switch codes[0] {
                case UInt8(ascii: "L"): .leftToRight
                case UInt8(ascii: "R"): .rightToLeft
                case UInt8(ascii: "A"): .arabicLetter
                case UInt8(ascii: "N"): .arabicNumber
                case UInt8(ascii: "E"): .europeanNumber
                case UInt8(ascii: "S"): .europeanSeparator
                case UInt8(ascii: "C"): .commonSeparator
                case UInt8(ascii: "T"): .europeanTerminator
                case UInt8(ascii: "O"): .otherNeutral
                case UInt8(ascii: "B"): .boundaryNeutral
                case UInt8(ascii: "M"): .nonspacingMark
                default: .other
                }
            let joining: JoiningType =
                switch codes[1] {
                case UInt8(ascii: "l"): .left
                case UInt8(ascii: "d"): .dual
                case UInt8(ascii: "r"): .right
                case UInt8(ascii: "t"): .transparent
                default: .other
                }
            let flags = codes[2] &- UInt8(ascii: "0")
            propertyStarts.append(start)
            propertyValues.append(Properties(bidi: bidi, joining: joining, isMark: flags & 1 != 0, isVirama: flags & 2 != 0))
        }
    }

    /// The leading hexadecimal number of `entry`, and what follows it.
    private static func hexPrefix(_ entry: Substring) -> (UInt32?, Substring) {
        let end = entry.firstIndex { !$0.isHexDigit } ?? entry.endIndex
        return (UInt32(entry[..<end], radix: 16), entry[end...])
    }

    /// The index of the run holding `value` in `starts`, which begin at 0 and ascend.
    private static func run(of value: UInt32, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }

    func mapping(of scalar: Unicode.Scalar) -> Mapping {
        guard !mappingStarts.isEmpty else { return .disallowed }
        let index = Self.run(of: scalar.value, in: mappingStarts)
        switch mappingRuns[index] {
        case .valid: return .valid
        case .disallowed: return .disallowed
        case .mapped(let range): return .mapped(Array(replacementScalars[range]))
        case .offset(let first): return Unicode.Scalar(first + scalar.value - mappingStarts[index]).map { .mapped([$0]) } ?? .disallowed
        }
    }

    func properties(of scalar: Unicode.Scalar) -> Properties {
        guard !propertyStarts.isEmpty else { return Properties(bidi: .other, joining: .other, isMark: false, isVirama: false) }
        return propertyValues[Self.run(of: scalar.value, in: propertyStarts)]
    }
}

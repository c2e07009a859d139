/// The WHATWG URL Standard's basic URL parser, writing the serialization as it reads.
///
/// Each state below is the Standard's state of the same name. The parts are written into one
/// buffer in the order the serialization has them, so the finished buffer is `href` and the
/// parts are offsets into it. Validation errors that the Standard does not treat as failures
/// are not reported: a browser loads those URLs.
struct URLReader {
    /// The text's UTF-8, without leading and trailing C0 controls and spaces, and without tabs and newlines.
    private let input: UnsafeBufferPointer<UInt8>
    private let base: WebURL?
    private(set) var output: [UInt8] = []
    private(set) var offsets = URLOffsets()
    private var pointer = 0
    private var isSpecial = false

    private init(_ input: UnsafeBufferPointer<UInt8>, base: WebURL?) {
        self.input = input
        self.base = base
        output.reserveCapacity(input.count + 8)
    }

    /// The longest text the reader takes, in bytes: a quarter of what 32-bit offsets reach, as
    /// percent-encoding can triple it. A URL policy's own limit is far smaller.
    static let maximumLength = Int(UInt32.max / 4)

    /// `text` read as a URL, or relative to `base`: the serialization's bytes and where its parts lie.
    static func read(_ text: String, base: WebURL?) throws(WebURL.ParseError) -> (bytes: [UInt8], offsets: URLOffsets) {
        guard text.utf8.count <= maximumLength, (base?.href.utf8.count ?? 0) <= maximumLength else {
            throw .tooLong(limit: maximumLength)
        }
        return try text.withUTF8Bytes { bytes in
            trimmed(bytes) { input in
                Result { () throws(WebURL.ParseError) in
                    var reader = URLReader(input, base: base)
                    try reader.read()
                    return (reader.output, reader.offsets)
                }
            }
        }.get()
    }

    /// The offsets of `bytes` when they are an `http` or `https` URL already written as a browser
    /// serializes it, which the reader would copy unchanged: a lowercase name for a host (no IPv4
    /// address, no `xn--` label), a port that is not the default, a path, and nothing any part
    /// encodes, no dot segment, no user info. `nil` sends the text through the whole reader.
    /// Pages post URLs in this form; reading them in one scan, without a copy, is what keeps
    /// dispatch from text at its floor.
    static func serializedWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> URLOffsets? {
        guard bytes.count <= maximumLength else { return nil }
        let scheme = bytes.starts(with: https) ? 5 : bytes.starts(with: http) ? 4 : 0
        guard scheme > 0 else { return nil }
        var parts = URLOffsets()
        parts.schemeEnd = scheme
        parts.isSpecial = true
        parts.hasHost = true
        let hostStart = scheme + 3
        (parts.usernameEnd, parts.passwordEnd) = (hostStart, hostStart)
        parts.hostStart = hostStart
        var position = fastPath.hostName.firstNonMember(in: bytes, from: hostStart, before: bytes.count)
        parts.hostEnd = position
        // A last label that is a number makes the host an IPv4 address; `xn--` (anywhere, to keep
        // the test short) needs its Punycode checked.
        let host = bytes[hostStart..<position]
        let lastLabel = host[((host.lastIndex(of: UInt8(ascii: ".")) ?? hostStart - 1) + 1)...]
        guard !lastLabel.isEmpty, !lastLabel.allSatisfy(isDigit), !lastLabel.starts(with: "0x".utf8),
            !containsPunycodePrefix(host)
        else { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
            let digitsStart = position + 1
            position = fastPath.digits.firstNonMember(in: bytes, from: digitsStart, before: bytes.count)
            guard (1...5).contains(position - digitsStart), bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
            let port = bytes[digitsStart..<position].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard port <= 65_535, port != (scheme == 5 ? 443 : 80) else { return nil }
            parts.port = port
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "/") else { return nil }
        parts.pathStart = position
        while position < bytes.count, bytes[position] == UInt8(ascii: "/") {
            // A segment that starts with `.` or `%` may be a dot segment: the reader decides.
            guard position + 1 == bytes.count || (bytes[position + 1] != UInt8(ascii: ".") && bytes[position + 1] != UInt8(ascii: "%"))
            else { return nil }
            position = fastPath.pathSegment.firstNonMember(in: bytes, from: position + 1, before: bytes.count)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "?") {
            parts.queryStart = position
            position = fastPath.query.firstNonMember(in: bytes, from: position + 1, before: bytes.count)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            parts.fragmentStart = position
            position = fastPath.fragment.firstNonMember(in: bytes, from: position + 1, before: bytes.count)
        }
        guard position == bytes.count else { return nil }
        parts.end = position
        return parts
    }

    private static func containsPunycodePrefix(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = host.startIndex
        while index + 3 < host.endIndex {
            if host[index] == UInt8(ascii: "x"), host[index + 1] == UInt8(ascii: "n"), host[index + 2] == UInt8(ascii: "-"),
                host[index + 3] == UInt8(ascii: "-")
            {
                return true
            }
            index += 1
        }
        return false
    }

    private static let https = Array("https://".utf8)
    private static let http = Array("http://".utf8)

    /// What each part holds when the reader would copy it unchanged.
    private struct FastPath: Sendable {
        let hostName = ASCIIByteSet { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || isDigit($0) || "-.".utf8.contains($0) }
        let digits = ASCIIByteSet(where: isDigit)
        /// Neither encoded in a path nor a delimiter (`/` `?` `#`, and `\` in a special URL).
        let pathSegment = ASCIIByteSet { !URLPercentEncoding.encodes($0, .path) && !"/?#\\%".utf8.contains($0) }
        let query = ASCIIByteSet { !URLPercentEncoding.encodes($0, .specialQuery) && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "%") }
        let fragment = ASCIIByteSet { !URLPercentEncoding.encodes($0, .fragment) && $0 != UInt8(ascii: "%") }
    }

    private static let fastPath = FastPath()

    /// `body`'s result for `bytes` without leading and trailing C0 controls and spaces, and without tabs and newlines.
    private static func trimmed<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let first = bytes.firstIndex(where: { $0 > 0x20 }), let last = bytes.lastIndex(where: { $0 > 0x20 }) else {
            return body(UnsafeBufferPointer(rebasing: bytes[0..<0]))
        }
        let kept = UnsafeBufferPointer(rebasing: bytes[first...last])
        guard kept.contains(where: isTabOrNewline) else { return body(kept) }
        return kept.filter { !isTabOrNewline($0) }.withUnsafeBufferPointer(body)
    }

    private static func isTabOrNewline(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The lowercased scheme `text` starts with, as the scheme state reads it, or `nil` when it has none.
    static func scheme(of text: String) -> String? {
        text.withUTF8Bytes { bytes in
            trimmed(bytes) { input in
                guard let colon = input.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(input[0]),
                    input[..<colon].allSatisfy(isSchemeByte)
                else { return nil }
                return String(decoding: input[..<colon].lazy.map(\.asciiLowercased), as: UTF8.self)
            }
        }
    }

    /// The special schemes and their default ports; `file` has none.
    private static let specialSchemes: [(name: String, port: Int)] = [
        ("https", 443), ("http", 80), ("wss", 443), ("ws", 80), ("ftp", 21), ("file", 0),
    ]

    /// The default port of a special scheme, 0 for `file` (which has none), `nil` for any other scheme.
    static func defaultPort(_ scheme: some Collection<UInt8>) -> Int? {
        specialSchemes.first { scheme.elementsEqual($0.name.utf8) }?.port
    }

    private var current: UInt8? { pointer < input.count ? input[pointer] : nil }

    /// `/`, or `\` in a special URL.
    private func isSlash(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: "/") || (isSpecial && byte == UInt8(ascii: "\\"))
    }

    /// Whether `byte` ends an authority, a host or a port: the end, `/`, `?`, `#`, or `\` in a special URL.
    private func endsAuthority(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || isSlash(byte)
    }

    mutating func read() throws(WebURL.ParseError) {
        if try !readScheme() {
            try readWithoutScheme()
        }
        offsets.end = output.count
        // A path that starts with `//` and has no host would read back as a host: the Standard writes `/.` before it.
        if !offsets.hasHost, !offsets.hasOpaquePath, output[offsets.pathStart...].starts(with: "//".utf8) {
            output.insert(contentsOf: "/.".utf8, at: offsets.pathStart)
            offsets.pathStart += 2
            offsets.queryStart = offsets.queryStart.map { $0 + 2 }
            offsets.fragmentStart = offsets.fragmentStart.map { $0 + 2 }
            offsets.end += 2
        }
    }

    // MARK: Scheme

    /// The scheme start and scheme states, and what follows a scheme; `false` when there is none.
    private mutating func readScheme() throws(WebURL.ParseError) -> Bool {
        guard let first = input.first, Self.isAlpha(first) else { return false }
        var end = 1
        while end < input.count, Self.isSchemeByte(input[end]) { end += 1 }
        guard end < input.count, input[end] == UInt8(ascii: ":") else { return false }
        for byte in input[..<end] { output.append(byte.asciiLowercased) }
        offsets.schemeEnd = end
        output.append(UInt8(ascii: ":"))
        pointer = end + 1
        let port = Self.defaultPort(output[..<end])
        // No decision in the package opens a local file, and the file scheme's own grammar
        // (drive letters, hosts that are paths) would be code that only serves refusals.
        guard port != 0 else { throw .fileURL }
        isSpecial = port != nil
        offsets.isSpecial = isSpecial
        if isSpecial {
            if let base, base.schemeBytes.elementsEqual(output[..<end]) {
                // Special relative or authority state.
                if current == UInt8(ascii: "/"), pointer + 1 < input.count, input[pointer + 1] == UInt8(ascii: "/") {
                    pointer += 2
                    try readAuthority()
                } else {
                    try readRelative()
                }
            } else {
                // Special authority slashes, then special authority ignore slashes.
                try readAuthority()
            }
        } else if current == UInt8(ascii: "/") {
            // Path or authority state.
            pointer += 1
            if current == UInt8(ascii: "/") {
                pointer += 1
                try readAuthority()
            } else {
                offsets.pathStart = output.count
                try readPath()
            }
        } else {
            readOpaquePath()
        }
        return true
    }

    /// The no scheme state: a reference relative to the base.
    private mutating func readWithoutScheme() throws(WebURL.ParseError) {
        guard let base else { throw .relative }
        if base.hasOpaquePath {
            guard current == UInt8(ascii: "#") else { throw .relative }
            let parts = base.offsets
            output.append(contentsOf: base.href.utf8.prefix(parts.fragmentStart ?? parts.end))
            offsets = parts
            offsets.fragmentStart = nil
            pointer += 1
            readFragment()
            return
        }
        output.append(contentsOf: base.schemeBytes)
        output.append(UInt8(ascii: ":"))
        offsets.schemeEnd = base.offsets.schemeEnd
        isSpecial = base.isSpecial
        offsets.isSpecial = isSpecial
        try readRelative()
    }

    // MARK: Relative references

    /// The relative state, with `base`'s scheme already written.
    private mutating func readRelative() throws(WebURL.ParseError) {
        guard let base else { throw .relative }
        if isSlash(current) {
            // Relative slash state.
            pointer += 1
            if isSlash(current) {
                // Special URLs skip any further slashes in `readAuthority`.
                if !isSpecial { pointer += 1 }
                try readAuthority()
                return
            }
            copyAuthority(of: base)
            offsets.pathStart = output.count
            try readPath()
            return
        }
        copyAuthority(of: base)
        let parts = base.offsets
        let pathEnd = parts.queryStart ?? parts.fragmentStart ?? parts.end
        offsets.pathStart = output.count
        output.append(contentsOf: base.href.utf8.dropFirst(parts.pathStart).prefix(pathEnd - parts.pathStart))
        switch current {
        case UInt8(ascii: "?"):
            pointer += 1
            readQuery()
        case UInt8(ascii: "#"):
            copyQuery(of: base)
            pointer += 1
            readFragment()
        case nil:
            copyQuery(of: base)
        default:
            shortenPath()
            try readPath()
        }
    }

    /// Writes `base`'s user info, host and port, with their offsets.
    private mutating func copyAuthority(of base: WebURL) {
        let parts = base.offsets
        // Up to the path, less the `/.` the serialization puts before a path that starts with `//`.
        var end = parts.pathStart
        if !parts.hasHost, !parts.hasOpaquePath, base.href.utf8.dropFirst(parts.pathStart).starts(with: "//".utf8) { end -= 2 }
        output.append(contentsOf: base.href.utf8.dropFirst(output.count).prefix(end - output.count))
        offsets.usernameEnd = parts.usernameEnd
        offsets.passwordEnd = parts.passwordEnd
        offsets.hasHost = parts.hasHost
        offsets.hostStart = parts.hostStart
        offsets.hostEnd = parts.hostEnd
        offsets.port = parts.port
    }

    private mutating func copyQuery(of base: WebURL) {
        let parts = base.offsets
        guard let start = parts.queryStart else { return }
        offsets.queryStart = output.count
        output.append(contentsOf: base.href.utf8.dropFirst(start).prefix((parts.fragmentStart ?? parts.end) - start))
    }

    // MARK: Authority

    /// The authority state (after any slashes the special states skip), then host and port.
    private mutating func readAuthority() throws(WebURL.ParseError) {
        if isSpecial {
            while isSlash(current) { pointer += 1 }
        }
        output.append(contentsOf: "//".utf8)
        offsets.hasHost = true
        var end = pointer
        while !endsAuthority(end < input.count ? input[end] : nil) { end += 1 }
        // Everything before the authority's last `@` is user info; a `@` inside it is encoded.
        if let at = input[pointer..<end].lastIndex(of: UInt8(ascii: "@")) {
            let colon = input[pointer..<at].firstIndex(of: UInt8(ascii: ":")) ?? at
            URLPercentEncoding.append(input[pointer..<colon], .userInfo, to: &output)
            offsets.usernameEnd = output.count
            if colon + 1 < at {
                output.append(UInt8(ascii: ":"))
                URLPercentEncoding.append(input[(colon + 1)..<at], .userInfo, to: &output)
            }
            offsets.passwordEnd = output.count
            if offsets.usernameEnd > offsets.usernameStart || offsets.passwordEnd > offsets.passwordStart {
                output.append(UInt8(ascii: "@"))
            }
            guard at + 1 < end else { throw .missingHost }
            pointer = at + 1
        } else {
            offsets.usernameEnd = output.count
            offsets.passwordEnd = output.count
        }
        try readHost(before: end)
    }

    /// The host state, then the port state.
    private mutating func readHost(before end: Int) throws(WebURL.ParseError) {
        var hostEnd = pointer
        var insideBrackets = false
        while hostEnd < end {
            let byte = input[hostEnd]
            if byte == UInt8(ascii: ":") && !insideBrackets { break }
            if byte == UInt8(ascii: "[") { insideBrackets = true }
            if byte == UInt8(ascii: "]") { insideBrackets = false }
            hostEnd += 1
        }
        if hostEnd < end || isSpecial {
            guard hostEnd > pointer else { throw .missingHost }
        }
        offsets.hostStart = output.count
        try URLHost.append(input[pointer..<hostEnd], isSpecial: isSpecial, to: &output)
        offsets.hostEnd = output.count
        pointer = hostEnd
        if hostEnd < end {
            // The port state.
            let digits = input[(hostEnd + 1)..<end]
            guard digits.allSatisfy(Self.isDigit) else { throw .invalidPort }
            var port = 0
            for digit in digits {
                port = port * 10 + Int(digit - UInt8(ascii: "0"))
                guard port <= 65_535 else { throw .invalidPort }
            }
            if !digits.isEmpty, port != Self.defaultPort(output[..<offsets.schemeEnd]) {
                offsets.port = port
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: String(port).utf8)
            }
            pointer = end
        }
        try readPathStart()
    }

    // MARK: Path, query, fragment

    /// The path start state.
    private mutating func readPathStart() throws(WebURL.ParseError) {
        offsets.pathStart = output.count
        if isSpecial {
            if isSlash(current) { pointer += 1 }
            try readPath()
            return
        }
        switch current {
        case UInt8(ascii: "?"):
            pointer += 1
            readQuery()
        case UInt8(ascii: "#"):
            pointer += 1
            readFragment()
        case nil:
            return
        default:
            if current == UInt8(ascii: "/") { pointer += 1 }
            try readPath()
        }
    }

    /// The path state: segments, each written after a `/`, dot segments resolved as they end.
    private mutating func readPath() throws(WebURL.ParseError) {
        var segmentStart = output.count
        output.append(UInt8(ascii: "/"))
        while true {
            let byte = current
            if byte == nil || isSlash(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                let segment = output[(segmentStart + 1)...]
                let isDoubleDot = Self.isDoubleDot(segment)
                if isDoubleDot || Self.isSingleDot(segment) {
                    output.removeSubrange(segmentStart...)
                    if isDoubleDot { shortenPath() }
                    // A dot segment that ends the path leaves it ending in `/`.
                    if !isSlash(byte) { output.append(UInt8(ascii: "/")) }
                }
                pointer += 1
                switch byte {
                case UInt8(ascii: "?"): readQuery()
                case UInt8(ascii: "#"): readFragment()
                case nil: pointer -= 1
                default:
                    segmentStart = output.count
                    output.append(UInt8(ascii: "/"))
                    continue
                }
                return
            }
            var end = pointer + 1
            while end < input.count, !isSlash(input[end]), input[end] != UInt8(ascii: "?"), input[end] != UInt8(ascii: "#") { end += 1 }
            URLPercentEncoding.append(input[pointer..<end], .path, to: &output)
            pointer = end
        }
    }

    /// Removes the path's last segment, if it has one.
    private mutating func shortenPath() {
        guard let slash = output[offsets.pathStart...].lastIndex(of: UInt8(ascii: "/")) else { return }
        output.removeSubrange(slash...)
    }

    /// The opaque path state.
    private mutating func readOpaquePath() {
        offsets.hasOpaquePath = true
        offsets.pathStart = output.count
        var end = pointer
        while end < input.count, input[end] != UInt8(ascii: "?"), input[end] != UInt8(ascii: "#") { end += 1 }
        // A space just before a query or fragment is written `%20`, so that the path still ends in it
        // once the query or fragment is gone (the URL's own end holds no space: it is trimmed).
        let endsInSpace = end < input.count && end > pointer && input[end - 1] == UInt8(ascii: " ")
        URLPercentEncoding.append(input[pointer..<(endsInSpace ? end - 1 : end)], .c0Control, to: &output)
        if endsInSpace { output += "%20".utf8 }
        pointer = end + 1
        if end < input.count {
            input[end] == UInt8(ascii: "?") ? readQuery() : readFragment()
        }
    }

    /// The query state, after its `?`.
    private mutating func readQuery() {
        offsets.queryStart = output.count
        output.append(UInt8(ascii: "?"))
        var end = pointer
        while end < input.count, input[end] != UInt8(ascii: "#") { end += 1 }
        URLPercentEncoding.append(input[min(pointer, end)..<end], isSpecial ? .specialQuery : .query, to: &output)
        pointer = end + 1
        if end < input.count { readFragment() }
    }

    /// The fragment state, after its `#`.
    private mutating func readFragment() {
        offsets.fragmentStart = output.count
        output.append(UInt8(ascii: "#"))
        if pointer < input.count {
            URLPercentEncoding.append(input[pointer...], .fragment, to: &output)
        }
        pointer = input.count
    }

    // MARK: Characters

    /// `.` or `%2e`, ignoring ASCII case.
    private static func isSingleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        segment.elementsEqual(".".utf8) || isEncodedDot(segment)
    }

    /// `..`, `.%2e`, `%2e.` or `%2e%2e`, ignoring ASCII case.
    private static func isDoubleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        switch segment.count {
        case 2: segment.elementsEqual("..".utf8)
        case 4:
            (segment.first == UInt8(ascii: ".") && isEncodedDot(segment.dropFirst()))
                || (segment.last == UInt8(ascii: ".") && isEncodedDot(segment.dropLast()))
        case 6: isEncodedDot(segment.prefix(3)) && isEncodedDot(segment.suffix(3))
        default: false
        }
    }

    /// `%2e` or `%2E`.
    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == 3 && bytes.first == UInt8(ascii: "%") && bytes.dropFirst().first == UInt8(ascii: "2")
            && bytes.last?.asciiLowercased == UInt8(ascii: "e")
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    static func isAlpha(_ byte: UInt8) -> Bool { byte.asciiLowercased &- UInt8(ascii: "a") < 26 }
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}

/// The HTML text and attribute encoding behind ``Escaper/htmlText(_:)`` and ``Escaper/htmlAttribute(_:)``.
enum HTMLEscaping {
    /// For each ASCII byte: nil when it passes through, else its character reference.
    private static let asciiReferences: [[UInt8]?] = (0..<128).map { byte -> [UInt8]? in
        switch byte {
        case 0x26: Array("&amp;".utf8)
        case 0x3C: Array("&lt;".utf8)
        case 0x3E: Array("&gt;".utf8)
        case 0x22: Array("&quot;".utf8)
        case 0x27: Array("&#39;".utf8)
        case 0x60: Array("&#96;".utf8)
        // NUL has no HTML form: browsers read it, raw or as &#0;, as U+FFFD.
        case 0x00: Array("&#xFFFD;".utf8)
        case 0x09, 0x0A: nil
        case 0x01..<0x20: Array("&#\(byte);".utf8)
        default: nil
        }
    }

    static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var runStart = text.utf8.startIndex
        var index = runStart
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x80, let reference = asciiReferences[Int(byte)] {
                output.append(contentsOf: utf8[runStart..<index])
                output.append(contentsOf: reference)
                index = utf8.index(after: index)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        output.append(contentsOf: utf8[runStart..<index])
        return String(decoding: output, as: UTF8.self)
    }
}

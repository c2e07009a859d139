import BridgeCodec
import Foundation

/// Escaping throughput per context on ASCII-heavy order data (100 bytes and 1 MB), against the seeds'
/// sanitizer (JSONSerialization of a bare string, with .fragmentsAllowed so it does not crash),
/// JSONEncoder, and a plain copy of the same bytes.
enum EscapeBenchmarks {
    /// Order-like text with a few characters that need escaping.
    static let sample100: String = {
        let text = #"Order 4711 for "Zoë O'Brien", Hauptstraße 5, 10115 Berlin <b>VIP</b> & coupon SAVE-10 / ok."#
        return String(text.utf8.prefix(100).map { Character(Unicode.Scalar($0)) }.prefix(100))
    }()
    static let sample1M = String(repeating: sample100, count: (1 << 20) / sample100.utf8.count)

    /// The seeds' sanitizer, made safe: JSONSerialization of the bare string, quotes stripped.
    static func seedsSanitize(_ input: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: input, options: [.fragmentsAllowed]) else { return "" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    static func bodies() -> [(name: String, body: () -> Int)] {
        let encoder = JSONEncoder()
        var bodies: [(name: String, body: () -> Int)] = []
        for (size, text) in [("100B", sample100), ("1MB", sample1M)] {
            let bytes = Array(text.utf8)
            var copy = [UInt8](repeating: 0, count: bytes.count)
            bodies.append(
                (
                    "escape.\(size).memcpy",
                    {
                        copy.withUnsafeMutableBytes { destination in bytes.withUnsafeBytes { destination.copyMemory(from: $0) } }
                        return Int(copy[copy.count / 2])
                    }
                ))
            bodies.append(("escape.\(size).seedsSanitizer", { seedsSanitize(text).utf8.count }))
            bodies.append(("escape.\(size).JSONEncoder", { (try? encoder.encode(text))?.count ?? 0 }))
            // Into a reused buffer, the fast path; and as a String, which Swift validates once more.
            var buffer: [UInt8] = []
            for context in EscapingContext.allCases {
                bodies.append(
                    (
                        "escape.\(size).bridgecodec.\(context.rawValue)",
                        {
                            buffer.removeAll(keepingCapacity: true)
                            Escaper.append(text, escapedFor: context, to: &buffer)
                            return buffer.count
                        }
                    ))
            }
            bodies.append(("escape.\(size).bridgecodec.js-string", { Escaper.javaScriptString(text).utf8.count }))
        }
        return bodies
    }

    static func run() -> [Measurement] {
        let timed = nanosecondsPerCall(bodies())
        var rows: [Measurement] = []
        for (size, text) in [("100B", sample100), ("1MB", sample1M)] {
            let megabytes = Double(text.utf8.count) / 1e6
            func row(_ name: String, baseline: String?) -> Measurement {
                let nanoseconds = timed["escape.\(size).\(name)"] ?? .nan
                return Measurement(
                    name: "escape.\(size).\(name)", value: megabytes / (nanoseconds / 1e9), unit: "MB/s",
                    baseline: baseline.map { "escape.\(size).\($0)" })
            }
            rows += [row("memcpy", baseline: nil), row("seedsSanitizer", baseline: nil), row("JSONEncoder", baseline: nil)]
            for context in EscapingContext.allCases {
                rows.append(row("bridgecodec.\(context.rawValue)", baseline: "seedsSanitizer"))
            }
            rows.append(row("bridgecodec.js-string", baseline: "seedsSanitizer"))
            rows.append(
                Measurement(
                    name: "escape.\(size).bridgecodec.js-vs-JSONEncoder",
                    value: rows.last { $0.name == "escape.\(size).bridgecodec.js" }?.value ?? .nan,
                    unit: "MB/s", baseline: "escape.\(size).JSONEncoder"))
            rows.append(
                Measurement(
                    name: "escape.\(size).bridgecodec.js-vs-memcpy",
                    value: rows.last { $0.name == "escape.\(size).bridgecodec.js" }?.value ?? .nan,
                    unit: "MB/s", baseline: "escape.\(size).memcpy"))
        }
        return rows
    }
}

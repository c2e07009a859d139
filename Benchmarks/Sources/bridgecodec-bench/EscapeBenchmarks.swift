import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// Escaping throughput per context on order data (100 bytes and 1 MB): a mixed sample where one byte
/// in seven needs escaping, and a plain ASCII-heavy one; against the seeds' sanitizer (JSONSerialization of a bare string, with .fragmentsAllowed so it does not crash),
/// JSONEncoder, and a plain copy of the same bytes.
enum EscapeBenchmarks {
    /// Order-like text with a few characters that need escaping.
    static let sample100: String = {
        let text = #"Order 4711 for "Zoë O'Brien", Hauptstraße 5, 10115 Berlin <b>VIP</b> & coupon SAVE-10 / ok."#
        return String(text.utf8.prefix(100).map { Character(Unicode.Scalar($0)) }.prefix(100))
    }()
    static let sample1M = String(repeating: sample100, count: (1 << 20) / sample100.utf8.count)
    /// ASCII-heavy order data as most of it is: names, streets, e-mail, amounts; one character in
    /// about a hundred needs escaping in each context.
    static let plain100: String = {
        let text = "Order 4711 for Zoe OBrien, Hauptstrasse 5, 10115 Berlin; zoe.obrien@example.com; total 129.90 EUR & more"
        return String(text.utf8.prefix(100).map { Character(Unicode.Scalar($0)) })
    }()
    static let plain1M = String(repeating: plain100, count: (1 << 20) / plain100.utf8.count)
    /// Each sample by the name its rows carry.
    static let samples = [("100B", sample100), ("1MB", sample1M), ("plain100B", plain100), ("plain1MB", plain1M)]

    /// The seeds' sanitizer, made safe: JSONSerialization of the bare string, quotes stripped.
    static func seedsSanitize(_ input: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: input, options: [.fragmentsAllowed]) else { return "" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// Each context's public entry that makes a String, by the names the CLI's `escape --context` takes.
    static let contexts: [(name: String, escape: @Sendable (String) -> String)] = [
        ("js-string", Escaper.javaScriptString), ("script-json", Escaper.scriptJSON), ("html", Escaper.htmlText),
        ("attr", Escaper.htmlAttribute), ("url", Escaper.urlQueryComponent),
    ]

    static func bodies() -> [Benchmark] {
        let encoder = JSONEncoder()
        var bodies: [Benchmark] = []
        for (size, text) in samples {
            let bytes = Array(text.utf8)
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
            bodies.append(
                Benchmark(
                    "escape.\(size).memcpy",
                    {
                        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
                        return Int(copy[copy.count / 2])
                    }
                ))
            bodies.append(Benchmark("escape.\(size).seedsSanitizer", { seedsSanitize(text).utf8.count }))
            bodies.append(Benchmark("escape.\(size).JSONEncoder", { (try? encoder.encode(text))?.count ?? 0 }))
            // The js row is the fast path, into a reused buffer reached through a pointer: a
            // closure's captured `var` pays a runtime exclusivity check on each access, which a
            // caller's local variable does not. The bench lives as long as the buffer does. The
            // other contexts, and the js context as a String, are the calls that make a String.
            let buffer = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
            buffer.initialize(to: [])
            bodies.append(
                Benchmark(
                    "escape.\(size).bridgecodec.js",
                    {
                        buffer.pointee.removeAll(keepingCapacity: true)
                        Escaper.appendJavaScriptString(text, to: &buffer.pointee)
                        return buffer.pointee.count
                    }
                ))
            for (name, escape) in contexts {
                bodies.append(Benchmark("escape.\(size).bridgecodec.\(name)", { escape(text).utf8.count }))
            }
        }
        return bodies
    }

    static func run() -> [Measurement] {
        let timed = nanosecondsPerCall(bodies())
        var rows: [Measurement] = []
        for (size, text) in samples {
            let megabytes = Double(text.utf8.count) / 1e6
            func row(_ name: String, baseline: String?) -> Measurement {
                let nanoseconds = timed["escape.\(size).\(name)"] ?? .nan
                return Measurement(
                    name: "escape.\(size).\(name)", value: megabytes / (nanoseconds / 1e9), unit: "MB/s",
                    baseline: baseline.map { "escape.\(size).\($0)" })
            }
            rows += [row("memcpy", baseline: nil), row("seedsSanitizer", baseline: nil), row("JSONEncoder", baseline: nil)]
            rows.append(row("bridgecodec.js", baseline: "seedsSanitizer"))
            for (name, _) in contexts {
                rows.append(row("bridgecodec.\(name)", baseline: "seedsSanitizer"))
            }
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

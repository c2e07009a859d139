import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// Strict parse throughput of 1 KB, 100 KB and 10 MB documents (arrays of bridge messages) into a
/// JSONValue tree, against JSONSerialization building its object tree from the same bytes and a
/// plain copy. A "-vs-1KB" row per size shows how throughput holds as input grows.
enum ParseBenchmarks {
    static let sizes: [(name: String, bytes: Int)] = [("1KB", 1 << 10), ("100KB", 100 << 10), ("10MB", 10 << 20)]

    /// Messages of every provider, with escapes, non-ASCII and numbers, repeated to about `size` bytes.
    static func document(ofAbout size: Int) -> [UInt8] {
        let messages = [
            #"{"type":"merchant_redirect","result":"cancel","url":"https://merchant.example/checkout/cancel?order=123"}"#,
            #"{"type":"height","value":420.5}"#,
            #"{"status":"error","message":"Bank said \"no\" \u2014 try again","code":-17,"ok":false,"extra":null}"#,
            #"{"type":"openUrl","value":"https://www.sovendus.example/offer?id=42&name=Zo%C3%AB","items":[1,2,3,1e-3]}"#,
        ]
        var text = "["
        var index = 0
        while text.utf8.count < size - 2 {
            if index > 0 { text += "," }
            text += messages[index % messages.count]
            index += 1
        }
        return Array((text + "]").utf8)
    }

    static let limits = JSONLimits.largest

    static func bodies() -> [Benchmark] {
        sizes.flatMap { size -> [Benchmark] in
            let bytes = document(ofAbout: size.bytes)
            let data = Data(bytes)
            // Behind a pointer, as in the escape rows: a captured `var` pays exclusivity checks.
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
            return [
                Benchmark(
                    "parse.\(size.name).JSONSerialization",
                    { (try? JSONSerialization.jsonObject(with: data) as? [Any])?.count ?? 0 }
                ),
                Benchmark(
                    "parse.\(size.name).bridgecodec",
                    {
                        guard case .array(let elements) = try? JSONValue(parsing: bytes, limits: limits) else { return 0 }
                        return elements.count
                    }
                ),
                Benchmark(
                    "parse.\(size.name).memcpy",
                    {
                        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
                        return Int(copy[copy.count / 2])
                    }
                ),
            ]
        }
    }

    static func run() -> [Measurement] {
        // Fewer, longer trials: one 10 MB parse alone takes tens of milliseconds.
        let timed = nanosecondsPerCall(bodies(), trials: 7, trialSeconds: 0.05)
        var rows: [Measurement] = []
        for size in sizes {
            let megabytes = Double(document(ofAbout: size.bytes).count) / 1e6
            func row(_ name: String, _ measured: String, baseline: String?) -> Measurement {
                let nanoseconds = timed["parse.\(size.name).\(measured)"] ?? .nan
                return Measurement(
                    name: "parse.\(size.name).\(name)", value: megabytes / (nanoseconds / 1e9), unit: "MB/s", baseline: baseline)
            }
            rows += [
                row("JSONSerialization", "JSONSerialization", baseline: nil),
                row("memcpy", "memcpy", baseline: nil),
                row("bridgecodec", "bridgecodec", baseline: "parse.\(size.name).JSONSerialization"),
                row("bridgecodec-vs-memcpy", "bridgecodec", baseline: "parse.\(size.name).memcpy"),
            ]
            if size.name != sizes[0].name {
                rows.append(row("bridgecodec-vs-1KB", "bridgecodec", baseline: "parse.\(sizes[0].name).bridgecodec"))
            }
        }
        return rows
    }
}

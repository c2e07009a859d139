import Foundation

/// One figure of the benchmark, optionally compared with a Foundation row of the same run.
struct Measurement {
    let name: String
    let value: Double
    let unit: String
    let baseline: String?
    var ratio: Double?
}

/// One measured body and its row name.
///
/// A struct, not a tuple: a closure kept in a tuple inside an array is stored at the generic
/// abstraction and reached through reabstraction thunks on every call (23 instructions, a
/// twentieth of the fastest rows), where a struct's stored closure is called directly.
struct Benchmark {
    let name: String
    let body: () -> Int

    init(_ name: String, _ body: @escaping () -> Int) {
        self.name = name
        self.body = body
    }
}

/// Times each body as the median of `trials` short trials, interleaved round-robin across the
/// bodies so that drift in machine speed affects every row alike (ratios are taken between rows).
/// Returns nanoseconds per call, by name.
@inline(never)
func nanosecondsPerCall(
    _ bodies: [Benchmark], trials: Int = 21, trialSeconds: Double = 0.02
) -> [String: Double] {
    var sink = 0
    // Calibrate each body: an iteration count that takes about one trial.
    let iterations = bodies.map { entry -> Int in
        var count = 1
        while true {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count { sink &+= entry.body() }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            if elapsed > trialSeconds * 1e9 / 4 || count > 1 << 30 {
                return max(1, Int(Double(count) * trialSeconds * 1e9 / max(elapsed, 1)))
            }
            count *= 2
        }
    }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<trials {
        for (position, entry) in bodies.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations[position] { sink &+= entry.body() }
            samples[position].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations[position]))
        }
    }
    blackHole(sink)
    var result: [String: Double] = [:]
    for (position, entry) in bodies.enumerated() {
        result[entry.name] = samples[position].sorted()[trials / 2]
    }
    return result
}

/// Keeps results alive so the optimiser cannot drop the measured work.
@inline(never)
func blackHole(_ value: Int) {
    if value == 0x5EED_F00D { print("") }
}

/// Fills in each row's speed-up against its baseline row: baseline time / row time.
func withRatios(_ rows: [Measurement]) -> [Measurement] {
    let byName = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return rows.map { row in
        var row = row
        if let baselineName = row.baseline, let baseline = byName[baselineName] {
            row.ratio = row.unit == "MB/s" ? row.value / baseline.value : baseline.value / row.value
        }
        return row
    }
}

func printTable(_ rows: [Measurement]) {
    let nameWidth = rows.map(\.name.count).max() ?? 10
    for row in rows {
        let value = String(format: "%12.1f %-9@", row.value, row.unit)
        let ratio =
            row.ratio.map { ratio in
                // Copies run hundreds of times faster than any codec: keep small ratios readable.
                let figure = !ratio.isFinite ? "    n/a" : ratio < 0.1 ? String(format: "%7.4f", ratio) : String(format: "%7.2f", ratio)
                return "\(figure)x vs \(row.baseline ?? "")"
            } ?? ""
        print(row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + value + " " + ratio)
    }
}

func printJSON(_ rows: [Measurement]) {
    let results: [[String: Any]] = rows.map { row in
        [
            // JSON has no NaN or infinity: a figure that could not be measured (or a ratio over zero
            // allocations) is null.
            "name": row.name, "value": row.value.isFinite ? row.value : NSNull(), "unit": row.unit,
            "baseline": row.baseline ?? NSNull(), "ratio": row.ratio.flatMap { $0.isFinite ? $0 : nil } ?? NSNull(),
        ]
    }
    if let data = try? JSONSerialization.data(withJSONObject: ["results": results], options: [.sortedKeys]) {
        print(String(decoding: data, as: UTF8.self))
    }
}

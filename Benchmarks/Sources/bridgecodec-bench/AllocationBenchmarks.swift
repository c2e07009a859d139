import BenchAllocationCounter
import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// Heap allocations per decoded message, counted by the malloc replacement in
/// BenchAllocationCounter (glibc only; elsewhere these rows are left out).
enum AllocationBenchmarks {
    /// Allocations per call of `body`, after one warm-up call that fills lazy caches.
    static func allocationsPerCall(_ body: () -> Int, iterations: Int = 1_000) -> Double {
        var sink = body()
        let before = bench_allocation_count()
        for _ in 0..<iterations { sink &+= body() }
        let after = bench_allocation_count()
        blackHole(sink)
        return Double(after - before) / Double(iterations)
    }

    static func run() -> [Measurement] {
        guard bench_allocation_counting_available() else { return [] }
        let measured = DecodeBenchmarks.bodies() + DispatchBenchmarks.bodies() + DispatchBenchmarks.resultBodies()
        return measured.map { entry in
            let name = "allocs." + entry.name
            // Each row is compared with what JSONDecoder allocates for the same message, and the
            // bytes path also with what the decoded value itself holds.
            let prefix = entry.name.split(separator: ".").prefix(2).joined(separator: ".")
            let baseline: String? =
                entry.name.hasSuffix(".bridgecodec.bytes") || entry.name.hasSuffix(".bridgecodec.objectGraph")
                ? "allocs.\(prefix).JSONDecoder" : nil
            return Measurement(name: name, value: allocationsPerCall(entry.body), unit: "allocs/op", baseline: baseline)
        }
    }
}

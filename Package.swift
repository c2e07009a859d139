// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BridgeCodec",
    products: [
        .library(name: "BridgeCodec", targets: ["BridgeCodec"]),
        .executable(name: "bridgecodec", targets: ["bridgecodec"]),
        .executable(name: "bridgecodec-bench", targets: ["bridgecodec-bench"]),
    ],
    targets: [
        .target(name: "BridgeCodec"),
        // The CLI's commands live in a library target so tests can run them in-process.
        .target(name: "BridgeCodecCommandLine", dependencies: ["BridgeCodec"]),
        .executableTarget(name: "bridgecodec", dependencies: ["BridgeCodecCommandLine"]),
        .executableTarget(name: "bridgecodec-bench", dependencies: ["BridgeCodec", "BenchAllocationCounter"]),
        // Counts heap allocations for the benchmark's allocs/op rows (glibc only); linked into nothing else.
        .target(name: "BenchAllocationCounter"),
        // libFuzzer entry points; scripts/fuzz builds them with -sanitize=fuzzer,address.
        .executableTarget(name: "BridgeCodecFuzz", dependencies: ["BridgeCodec"]),
        .testTarget(
            name: "BridgeCodecTests",
            dependencies: ["BridgeCodec", "BridgeCodecCommandLine"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

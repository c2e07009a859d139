// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BridgeCodec",
    // The oldest systems whose standard library has every API the package uses: without these,
    // SwiftPM's defaults (iOS 12, macOS 10.13) fail to build on Apple platforms.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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

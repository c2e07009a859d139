// swift-tools-version:6.0
import PackageDescription

// The benchmarks, kept out of the package graph an app resolves: `swift run -c release
// bridgecodec-bench` from this folder.
let package = Package(
    name: "BridgeCodecBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "BridgeCodec", path: "..")],
    targets: [
        .executableTarget(
            name: "bridgecodec-bench",
            dependencies: [
                .product(name: "BridgeCodec", package: "BridgeCodec"), .product(name: "BridgeCodecProviders", package: "BridgeCodec"),
                .product(name: "SwedbankPayMerchantBackend", package: "BridgeCodec"),
                .product(name: "BridgeCodecTesting", package: "BridgeCodec"),
                "BenchAllocationCounter",
            ]),
        // Counts heap allocations for the allocs/op rows (glibc only); linked into nothing else.
        .target(name: "BenchAllocationCounter"),
    ],
    swiftLanguageModes: [.v6]
)

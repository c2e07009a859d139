// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BridgeCodec",
    // The oldest systems whose standard library has every API the package uses: without these,
    // SwiftPM's defaults (iOS 12, macOS 10.13) fail to build on Apple platforms.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // What an app links.
        .library(name: "BridgeCodec", targets: ["BridgeCodec"]),
        // What an app's test target links: the malformed-payload generator and example bodies.
        .library(name: "BridgeCodecTesting", targets: ["BridgeCodecTesting"]),
        .executable(name: "bridgecodec", targets: ["bridgecodec"]),
    ],
    targets: [
        .target(name: "BridgeCodec"),
        .target(name: "BridgeCodecTesting", dependencies: ["BridgeCodec"]),
        // The CLI's commands live in a library target so tests can run them in-process.
        .target(name: "BridgeCodecCommandLine", dependencies: ["BridgeCodec", "BridgeCodecTesting"]),
        .executableTarget(name: "bridgecodec", dependencies: ["BridgeCodecCommandLine"]),
        // libFuzzer entry points; scripts/fuzz builds them with -sanitize=fuzzer,address.
        .executableTarget(name: "BridgeCodecFuzz", dependencies: ["BridgeCodec"]),
        .testTarget(
            name: "BridgeCodecTests",
            // `bridgecodec` too: some tests run the built binary, as a user does.
            dependencies: ["BridgeCodec", "BridgeCodecTesting", "BridgeCodecCommandLine", "bridgecodec"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

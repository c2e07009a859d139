// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BridgeCodec",
    // The oldest systems whose standard library has every API the package uses: without these,
    // SwiftPM's defaults (iOS 12, macOS 10.13) fail to build on Apple platforms.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // What every app links: JSON, decoding, the dispatcher and channels, replies, URLs and
        // origins, escaping, the page client and script builders.
        .library(name: "BridgeCodec", targets: ["BridgeCodec"]),
        // The payment and checkout providers' messages, channels, scripts, pages and URL rules.
        .library(name: "BridgeCodecProviders", targets: ["BridgeCodecProviders"]),
        // What a Swift server implementing Swedbank Pay's Merchant Backend links.
        .library(name: "SwedbankPayMerchantBackend", targets: ["SwedbankPayMerchantBackend"]),
        // What an app's test target links: the malformed-payload generator, example bodies, WebKit-shaped
        // bodies and the capture reader.
        .library(name: "BridgeCodecTesting", targets: ["BridgeCodecTesting"]),
        .executable(name: "bridgecodec", targets: ["bridgecodec"]),
    ],
    targets: [
        .target(name: "BridgeCodec"),
        // The providers reach the core through its public API alone, as an app's channels do.
        .target(name: "BridgeCodecProviders", dependencies: ["BridgeCodec"]),
        .target(name: "SwedbankPayMerchantBackend", dependencies: ["BridgeCodec", "BridgeCodecProviders"]),
        .target(
            name: "BridgeCodecTesting", dependencies: ["BridgeCodec", "BridgeCodecProviders", "SwedbankPayMerchantBackend"]),
        // The CLI's commands live in a library target so tests can run them in-process.
        .target(
            name: "BridgeCodecCommandLine",
            dependencies: ["BridgeCodec", "BridgeCodecProviders", "SwedbankPayMerchantBackend", "BridgeCodecTesting"]),
        .executableTarget(name: "bridgecodec", dependencies: ["BridgeCodecCommandLine"]),
        // libFuzzer entry points; scripts/fuzz builds them with -sanitize=fuzzer,address.
        .executableTarget(
            name: "BridgeCodecFuzz",
            dependencies: ["BridgeCodec", "BridgeCodecProviders", "SwedbankPayMerchantBackend", "BridgeCodecTesting"]),
        // Drives a BridgeHost from the real-engine tests (js/test/): JSON lines in and out.
        .executableTarget(name: "BridgeCodecHostDriver", dependencies: ["BridgeCodec", "BridgeCodecProviders"]),
        .testTarget(
            name: "BridgeCodecTests",
            // `bridgecodec` too: some tests run the built binary, as a user does.
            dependencies: [
                "BridgeCodec", "BridgeCodecProviders", "SwedbankPayMerchantBackend", "BridgeCodecTesting", "BridgeCodecCommandLine",
                "bridgecodec",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The WebKit adapter, for apps on Apple platforms: the only code that imports WebKit. Linux has no
// WebKit to link; there, scripts/check-webkit compiles it against a stand-in of WebKit's
// declarations (scripts/webkit-declarations.swift) and runs its tests.
#if canImport(Darwin)
    package.products.append(.library(name: "BridgeCodecWebKit", targets: ["BridgeCodecWebKit"]))
    package.targets.append(.target(name: "BridgeCodecWebKit", dependencies: ["BridgeCodec"]))
#endif

import BridgeCodec
import BridgeCodecProviders

/// A minimal valid body for each provider channel, every member required: the starting point
/// for ``MalformedPayloadGenerator`` and a reference for app tests.
public enum ProviderExamples {
    /// The bodies by the channels' default handler names (``BridgeChannel/allProviders(origins:)``),
    /// as each provider declares them (`BridgeProvider.Handler.example`).
    public static let bodies: [String: JSONValue] = Dictionary(
        uniqueKeysWithValues: BridgeProvider.all.flatMap(\.handlers).map { ($0.name, $0.example) })

    /// The default handler names, sorted.
    public static var handlerNames: [String] { bodies.keys.sorted() }
}

import BridgeCodec

/// A provider as tools see it: the messages its pages post, each with its channel and an example
/// body, and the scripts that make its pages post them.
///
/// Each provider declares itself once, in its folder (``volt`` in `Volt/Volt.swift`); ``all``
/// registers it. `BridgeChannel.allProviders(origins:)`, the `bridgecodec` tool and the testing
/// library's examples read the declarations, so a handler name or an Android interface name is
/// written in one place.
public struct BridgeProvider: Sendable, Identifiable {
    /// A stable lowercase name, such as `volt`: the prefix of its messages' ``ProviderMessage/kind``.
    public let id: String
    /// The messages its pages post, in the order its channels register.
    public let handlers: [Handler]
    /// The scripts an app injects so that its pages post them.
    public let scripts: [Script]

    /// Every provider, in the order their channels register.
    public static let all: [BridgeProvider] = [.volt, .sovendus, .branchPlaid, .swedbankPay]
}

extension BridgeProvider {
    /// One message a provider's page posts: its default handler name, the channel that decodes
    /// it, and a minimal valid body.
    public struct Handler: Sendable {
        /// The default handler name: the WebKit message handler, and the name the provider's
        /// script posts under on the other transports.
        public let name: String
        /// A minimal valid body with every member the message requires, as the page posts it.
        public let example: JSONValue
        private let makeChannel: @Sendable (String, OriginPolicy) -> BridgeChannel<ProviderMessage>

        init(
            name: String, example: JSONValue,
            channel makeChannel: @escaping @Sendable (_ handlerName: String, _ origins: OriginPolicy) -> BridgeChannel<ProviderMessage>
        ) {
            self.name = name
            self.example = example
            self.makeChannel = makeChannel
        }

        /// The channel that decodes this message under ``name``, taking posts from `origins`.
        public func channel(origins: OriginPolicy) -> BridgeChannel<ProviderMessage> {
            makeChannel(name, origins)
        }
    }

    /// A script that makes a provider's page post its messages, built for one transport.
    public struct Script: Sendable {
        /// The script's name, as `bridgecodec script NAME` takes it, such as `volt`.
        public let name: String
        /// What the script does, one line per element, as `bridgecodec script --help` lists it.
        public let summary: [String]
        /// The names the script hands its snippet, in order, each with its default: handler
        /// names (`handler`, or one per hook) and the Android `@JavascriptInterface` object
        /// (`androidInterface`).
        public let parameters: [(name: String, defaultValue: String)]
        /// Whether the script can forward messages from named frames only (see ``build(transport:names:messageOrigins:)``).
        public let takesMessageOrigins: Bool
        private let makeScript: @Sendable (ScriptTransport, Arguments) throws(InvalidArgument) -> String

        /// What a script's builder reads: each parameter's value, given or default.
        struct Arguments {
            let values: [String: String]
            let messageOrigins: [String]?

            subscript(_ parameter: String) -> String { values[parameter] ?? "" }
        }

        init(
            name: String, summary: [String], parameters: [(name: String, defaultValue: String)], takesMessageOrigins: Bool = false,
            build makeScript: @escaping @Sendable (ScriptTransport, Arguments) throws(InvalidArgument) -> String
        ) {
            self.name = name
            self.summary = summary
            self.parameters = parameters
            self.takesMessageOrigins = takesMessageOrigins
            self.makeScript = makeScript
        }

        /// The default of `parameter`, or `nil` when the script takes no such name.
        public func defaultValue(of parameter: String) -> String? {
            parameters.first { $0.name == parameter }?.defaultValue
        }

        /// The script for `transport`, with `names` (by parameter) in place of the defaults; a
        /// name the script does not take is not read.
        ///
        /// `messageOrigins` forwards open-URL messages only from those frames, as
        /// `BridgeScripts.sovendusBridge(transport:handler:androidInterface:messageOrigins:)` does,
        /// and throws for an entry no origin could equal. A script that does not take them
        /// (``takesMessageOrigins`` is `false`) throws when given some: a filter is never dropped.
        public func build(
            transport: ScriptTransport, names: [String: String] = [:], messageOrigins: [String]? = nil
        ) throws(InvalidArgument) -> String {
            guard messageOrigins == nil || takesMessageOrigins else {
                throw .rejected(
                    name: "messageOrigins", reason: "the \(name) script forwards every frame's messages; it takes no messageOrigins")
            }
            var values: [String: String] = [:]
            for (parameter, defaultValue) in parameters { values[parameter] = names[parameter] ?? defaultValue }
            return try makeScript(transport, Arguments(values: values, messageOrigins: messageOrigins))
        }
    }
}

extension JSONValue {
    /// An example body's object; each example's keys are distinct literals, so `JSONObject` never refuses them.
    static func providerExample(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject())
    }
}

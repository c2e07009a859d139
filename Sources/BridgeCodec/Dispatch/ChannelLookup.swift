/// Finds the channel for a handler name by comparing integers: each name's UTF-8 length and
/// first sixteen bytes are read once, when the dispatcher is made (``UTF8PrefixTable``).
///
/// Every message starts with this lookup. Comparing `String`s retained and released each
/// candidate name and copied each channel; hashing the name costs more than the whole scan.
struct ChannelLookup: Sendable {
    /// What the channel found for a handler name carries.
    struct Match: Sendable {
        let kind: BridgeChannel.Kind
        /// False for ``OriginPolicy/anyOrigin``, so that the policy is not even read.
        let checksOrigin: Bool
        /// The channel's position in the dispatcher's channels.
        let index: Int
    }

    private let table: UTF8PrefixTable<Match>

    /// The lookup for `channels`, whose handler names are unique.
    init(_ channels: [BridgeChannel]) {
        table = UTF8PrefixTable(
            channels.enumerated().map { index, channel in
                (channel.handlerName, Match(kind: channel.kind, checksOrigin: channel.origins != .anyOrigin, index: index))
            })
    }

    /// The channel whose handler name has exactly the code units of `name`.
    func channel(named name: String) -> Match? {
        table.value(for: name)
    }
}

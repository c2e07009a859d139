/// An enum whose cases the wire names by their raw values: a member such as Volt's `type`.
///
/// Each such enum keeps its names as a ``UTF8PrefixTable``, built once from its raw values, so
/// that matching a member costs a few integer compares instead of one `String` per case.
protocol WireDiscriminator: RawRepresentable<String>, CaseIterable, Sendable {
    /// Every case by its raw value: `static let wireNames = makeWireNames()`.
    static var wireNames: UTF8PrefixTable<Self> { get }
}

extension WireDiscriminator {
    /// The table of every case by its raw value.
    static func makeWireNames() -> UTF8PrefixTable<Self> {
        UTF8PrefixTable(allCases.map { ($0.rawValue, $0) })
    }
}

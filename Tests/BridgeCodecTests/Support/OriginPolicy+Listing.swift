import Testing

@testable import BridgeCodec

extension OriginPolicy {
    /// ``OriginPolicy/hosts(_:includingFrames:)`` for the hosts a test lists where nothing can
    /// throw (a suite's shared dispatcher): an entry it refuses fails the test that reads it.
    static func listing(_ hosts: [String], includingFrames: Bool = false) -> OriginPolicy {
        do throws(InvalidArgument) {
            return try .hosts(hosts, includingFrames: includingFrames)
        } catch {
            Issue.record("a test's host list is refused: \(error)")
            return (try? .hosts([String]())) ?? .anyOrigin
        }
    }
}

extension InvalidArgument {
    /// What ``OriginPattern/init(_:)`` throws for `entry`, word for word.
    static func notAnOrigin(_ entry: String) -> InvalidArgument {
        .rejected(
            name: "origin",
            reason: "\(Escaper.logString(entry)) is not an origin: write https://host or https://host:port (no path, no default port), "
                + "or https://*.host for its subdomains")
    }
}

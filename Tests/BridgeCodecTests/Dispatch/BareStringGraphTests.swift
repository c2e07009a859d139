import Foundation
import Testing

@testable import BridgeCodec

/// On the two channels whose body is a bare string, a Swift `String` or `NSString` body is read
/// without a node or a walk (`BridgeDispatcher.bareStringMessage(_:as:)`); every body must get
/// exactly what the full path gives it, under any limits and URL policy, errors included.
@Suite("Bare string graph shortcut")
struct BareStringGraphTests {
    private static let dispatchers = [
        BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin)),
        BridgeDispatcher(
            channels: BridgeChannel.defaults(origins: .anyOrigin), urlPolicy: URLPolicy(maxLength: 40),
            limits: JSONLimits(maxBytes: 50, maxStringLength: 45)),
        BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin), limits: JSONLimits(maxBytes: 20)),
        BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin), urlPolicy: URLPolicy(allowedSchemes: ["http"])),
    ]

    /// Strings of every kind, bare and inside URLs, as Swift strings and as `NSString`s (what
    /// WKWebView hands over on Apple platforms), and bodies that are no string.
    private static func bodies() throws -> [Any?] {
        var strings = [
            "success", "", "https://hosted.plaid.com/link/lp-1234567890", "https://a", "https://a/", "https://-/?#",
            "https://a.b/%zz[]", "https://hosted.plaid.com:443/link", "http://hosted.plaid.com/link", String(repeating: "x", count: 300),
        ]
        for text in try TestData.naughtyStrings() + TestData.randomStrings(count: 200, seed: 5) {
            strings += [text, "https://hosted.plaid.com/link/" + text, "https://" + text]
        }
        let instances: [Any?] = strings.map { NSString(string: $0) } + [NSMutableString(string: "success")]
        let others: [Any?] = [nil, NSNull(), ["status": "success"], ["https://a"], 1, true]
        return strings + instances + others
    }

    @Test(arguments: [BridgeChannel.Kind.branchHostedLink, .swedbankPayCompleted])
    func dispatchAgreesWithTheFullPath(kind: BridgeChannel.Kind) throws {
        let name = kind.defaultHandlerName
        let bodies = try Self.bodies()
        var shortcuts = 0
        var refused = 0
        for dispatcher in Self.dispatchers {
            for body in bodies {
                let viaDispatch = dispatcher.outcome(handlerName: name, foundationBody: body)
                let full = dispatcher.fullPathOutcome(foundationBody: body, as: kind, name: name)
                #expect(viaDispatch == full, "\(String(describing: body))")
                if case .failure = full { refused += 1 }
                let string = (body as? NSString).map { $0 as String } ?? body as? String
                if let string, dispatcher.bareStringMessage(string, as: kind) != nil { shortcuts += 1 }
            }
        }
        // The comparison means something only if many bodies took the shortcut and many were refused.
        #expect(shortcuts > 900)
        #expect(refused > 600)
    }

    /// Other channels' bare strings keep their own checks.
    @Test func otherChannelsTakeTheFullPath() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin))
        #expect(throws: BridgeError.self) { try dispatcher.dispatch(handlerName: "canceled", foundationBody: "success") }
        #expect(throws: BridgeError.self) { try dispatcher.dispatch(handlerName: "sovHandler", foundationBody: "success") }
    }
}

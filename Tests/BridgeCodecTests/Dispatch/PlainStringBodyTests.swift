import Foundation
import Testing

@testable import BridgeCodec

/// Swedbank Pay's bare status is read in one scan when it has no escapes (`PlainStringBody`);
/// every body must get exactly what the full parse gives it, under any limits.
@Suite("Plain string body shortcut")
struct PlainStringBodyTests {
    @Test func aPlainStringBodyTakesTheShortcut() {
        #expect(PlainStringBody.string(in: #""success""#, limits: .default) == "success")
        #expect(PlainStringBody.string(in: #""""#, limits: .default) == "")
        let long = String(repeating: "paid ", count: 40)
        #expect(PlainStringBody.string(in: "\"\(long)\"", limits: .default) == long)
    }

    @Test(arguments: [
        #""succ\u0065ss""#,  // an escape
        #""a\"b""#,
        #""a\\""#,
        #" "success""#,  // white space
        #""success" "#,
        #""é""#,  // non-ASCII: valid, but the full path checks it
        "\"a\tb\"",  // a control character: refused by the full path
        #"""#,
        #"success"#,
        #"null"#,
        #"["success"]"#,
    ])
    func anyOtherBodyTakesTheFullPath(body: String) {
        #expect(PlainStringBody.string(in: body, limits: .default) == nil)
    }

    @Test func limitsAreTheFullPathsOwn() {
        let body = #""success""#
        #expect(PlainStringBody.string(in: body, limits: JSONLimits(maxBytes: 8)) == nil)
        #expect(PlainStringBody.string(in: body, limits: JSONLimits(maxStringLength: 6)) == nil)
        #expect(PlainStringBody.string(in: body, limits: JSONLimits(maxBytes: 9, maxStringLength: 7)) == "success")
    }

    /// Public dispatch (shortcut first) against the full path alone, result for result, errors
    /// included, for hostile strings as raw and as escaped JSON, and for short and long ones.
    @Test func dispatchAgreesWithTheFullPath() throws {
        var bodies = [#""success""#, #""""#, #"null"#, #""a\"#, #""a\"""#, #"""#, "\"\u{7F}\"", "\"\u{1F}\""]
        for text in try TestData.naughtyStrings() + TestData.randomStrings(count: 200, seed: 11) {
            for candidate in [text, "success " + text, String(repeating: "x", count: 15) + text] {
                bodies += ["\"\(candidate)\"", Escaper.javaScriptString(candidate)]
            }
        }
        let dispatchers = [
            BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin)),
            BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin), limits: JSONLimits(maxBytes: 30, maxStringLength: 20)),
        ]
        let shortcuts = expectDispatchMatchesFullPath(dispatchers, bodies: bodies, kind: .swedbankPayCompleted) {
            PlainStringBody.string(in: $1, limits: $0.limits) != nil
        }
        // The comparison means something only if many bodies took the shortcut.
        #expect(shortcuts > 500)
    }

    /// The shortcut serves `completed` only: other channels' bare strings keep their own checks.
    @Test func otherChannelsTakeTheFullPath() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin))
        #expect(throws: BridgeError.self) { try dispatcher.dispatch(handlerName: "canceled", jsonText: #""success""#) }
        #expect(throws: BridgeError.self) { try dispatcher.dispatch(handlerName: "sovHandler", jsonText: #""success""#) }
    }
}

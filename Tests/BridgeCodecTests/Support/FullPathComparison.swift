import Testing

@testable import BridgeCodec

/// Compares public dispatch from text (shortcuts first) with the full path alone, body for body,
/// errors included, under each dispatcher; returns how many bodies `takesShortcut` says took the
/// shortcut, so that a test can require the comparison to have meant something.
func expectDispatchMatchesFullPath(
    _ dispatchers: [BridgeDispatcher], bodies: [String], kind: BridgeChannel.Kind,
    takesShortcut: (BridgeDispatcher, String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    let name = kind.defaultHandlerName
    var shortcuts = 0
    for dispatcher in dispatchers {
        for body in bodies {
            let viaDispatch = dispatcher.outcome(handlerName: name, jsonText: body)
            let full = dispatcher.fullPathOutcome(body, as: kind, name: name)
            #expect(viaDispatch == full, "\(body)", sourceLocation: sourceLocation)
            if takesShortcut(dispatcher, body) { shortcuts += 1 }
        }
    }
    return shortcuts
}

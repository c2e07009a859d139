@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

/// Each way into the dispatcher with its outcome as a value, so that a test compares messages
/// and errors alike (`==`) and reads an error without a `do`/`catch` per case.
extension BridgeDispatcher {
    func outcome(_ message: BridgeMessage) -> Result<Message, BridgeError> {
        Result { () throws(BridgeError) in try dispatch(message) }
    }

    func outcome(handlerName: String, jsonText: String, origin: FrameOrigin? = nil) -> Result<Message, BridgeError> {
        Result { () throws(BridgeError) in try dispatch(handlerName: handlerName, jsonText: jsonText, origin: origin) }
    }

    func outcome(handlerName: String, foundationBody: Any?, origin: FrameOrigin? = nil) -> Result<Message, BridgeError> {
        Result { () throws(BridgeError) in try dispatch(handlerName: handlerName, foundationBody: foundationBody, origin: origin) }
    }
}

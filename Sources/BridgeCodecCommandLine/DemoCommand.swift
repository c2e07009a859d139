import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec demo`: decodes a built-in captured session and says what each message became.
enum DemoCommand {
    static let help = """
        usage: bridgecodec demo

        Decodes a built-in captured session of Volt, Sovendus, Branch/Plaid and Swedbank Pay
        messages, valid and malformed, over every transport, and prints one line per message:
        what it became, or why it was rejected. Needs nothing but the package.

        """

    static func run(_ arguments: [String], input _: InputSource) -> CommandResult {
        guard arguments.isEmpty else { return .usageError("demo takes no arguments", command: "demo") }
        let dispatcher = BridgeDispatcher(
            channels: BridgeChannel.allProviders(origins: .anyOrigin), urlPolicy: .https(plusAppSchemes: DemoSession.appSchemes))
        let width = BridgeCapture.Transport.allCases.filter { $0 != .envelope }.map(\.rawValue.count).max() ?? 0
        var output = ""
        for capture in DemoSession.captures {
            let transport = capture.transport.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let outcome: String
            do throws(BridgeError) {
                let message = try capture.transport.dispatch(capture.body, handlerName: capture.handler, through: dispatcher)
                outcome = "\(message.kind) \(DecodeOutput.wireValue(message).jsonText)" + note(on: message)
            } catch {
                outcome = "rejected: \(error.path): \(error.reason)"
            }
            output += "[\(transport)] \(capture.handler): \(outcome)\n"
        }
        return .success(output)
    }

    private static func note(on message: ProviderMessage) -> String {
        if case .sovendus(.height(let height)) = message, !height.shouldApply {
            return " (not applied: heights of \(Int(SovendusHeight.minimumAppliedHeight)) or less are ignored)"
        }
        return ""
    }
}

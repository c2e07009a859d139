import BridgeCodec
import WebKit

extension FrameOrigin {
    /// The origin of the frame WebKit reports: its security origin (an opaque origin reports
    /// an empty protocol and host, which no host list matches) and whether it is the main frame.
    @MainActor
    init(_ frame: WKFrameInfo) {
        let origin = frame.securityOrigin
        self.init(webKitProtocol: origin.protocol, host: origin.host, port: origin.port, isMainFrame: frame.isMainFrame)
    }
}

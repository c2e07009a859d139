import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// libFuzzer entry point. The target is chosen by BRIDGECODEC_FUZZ_TARGET (json, dispatch, escape, intent, url, merchant,
/// page, ecp); every target must never trap, whatever the bytes. Built with -sanitize=fuzzer (see scripts/fuzz); a plain
/// build links it as an executable that does nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    switch FuzzTarget.current {
    case .json: FuzzTarget.json(bytes)
    case .dispatch: FuzzTarget.dispatch(bytes)
    case .escape: FuzzTarget.escape(bytes)
    case .intent: FuzzTarget.intent(bytes)
    case .url: FuzzTarget.url(bytes)
    case .merchant: FuzzTarget.merchant(bytes)
    case .page: FuzzTarget.page(bytes)
    case .ecp: FuzzTarget.embeddedCheckout(bytes)
    }
    return 0
}

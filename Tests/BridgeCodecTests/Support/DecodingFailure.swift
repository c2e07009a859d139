@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

extension StrictJSONDecoder {
    /// The error decoding `text` as `type` throws, or `nil` when it decodes.
    func failure<T: Decodable>(_ type: T.Type, _ text: String) -> JSONError? {
        do {
            _ = try decode(type, from: text)
            return nil
        } catch {
            return error
        }
    }
}

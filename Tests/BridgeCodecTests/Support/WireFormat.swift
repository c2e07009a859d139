import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// A model's encoded form as a JSON value, members sorted by key so it can be compared with a literal.
func wireValue(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try JSONValue(parsing: encoder.encode(value))
}

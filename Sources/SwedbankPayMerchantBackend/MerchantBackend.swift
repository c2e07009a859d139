import BridgeCodec

/// The Merchant Backend API of the Swedbank Pay mobile SDK: the JSON the app and the merchant's
/// backend exchange (root endpoint, consumer sessions, payment orders, instrument changes).
///
/// Every model is `Codable` with the members the SDK reads; members it does not know are
/// ignored, as the SDK ignores them. Decode with `StrictJSONDecoder` for strict types and
/// errors with paths.
public enum MerchantBackend {}

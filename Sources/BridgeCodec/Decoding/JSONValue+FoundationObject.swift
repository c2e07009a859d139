extension JSONValue {
    /// Converts a Foundation object graph, as `WKScriptMessage.body` delivers it, into a JSON value.
    ///
    /// Accepts `NSDictionary` / `[String: Any]`, `NSArray` / `[Any]`, `NSString` / `String`,
    /// `NSNumber` (a boolean `NSNumber` becomes a JSON boolean, any other a number; an
    /// `NSDecimalNumber` keeps its exact decimal text), Swift's own `Bool`, integer,
    /// floating-point and `Decimal` values, `NSNull`, `NSDate` / `Date`, and `Optional`s (`nil`
    /// is `null`). Each becomes what the page's `JSON.stringify` writes for the value WebKit
    /// converted: a double's number has JavaScript's text (`1e+21`, `1.5e-7`, `0` for `-0`;
    /// ``JSONNumber/init(_:)-(Double)``), an `NSNumber` holding NaN or infinity is `null`, a
    /// date the ISO 8601 text of `toISOString()` (`2026-12-01T12:00:00.123Z`). Anything else,
    /// such as `NSData` or a custom object, is rejected with its path, as are a Swift `Double`
    /// or `Float` that is NaN or infinite (the app's own value, never changed), non-string
    /// keys, an array or dictionary that holds itself, and graphs beyond `limits` (depth,
    /// string length, members per object, size as JSON text).
    /// Dictionary members keep the dictionary's own iteration order.
    public init(foundationObject object: Any, limits: JSONLimits = .default) throws(JSONError) {
        self = try JSONDocument(converting: object, limits: limits, urlPolicy: nil, dates: .deferredToDate).root.jsonValue
    }
}

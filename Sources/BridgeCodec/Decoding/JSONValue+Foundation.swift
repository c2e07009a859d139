extension JSONValue {
    /// Converts a Foundation object graph, as `WKScriptMessage.body` delivers it, into a JSON value.
    ///
    /// Accepts `NSDictionary` / `[String: Any]`, `NSArray` / `[Any]`, `NSString` / `String`,
    /// `NSNumber` (a boolean `NSNumber` becomes a JSON boolean, any other a number; an
    /// `NSDecimalNumber` keeps its exact decimal text), Swift's own `Bool`, integer,
    /// floating-point and `Decimal` values, `NSNull`, and `Optional`s (`nil` is `null`). Anything else, such as
    /// `NSDate`, `NSData` or a custom object, is rejected with its path, as are NaN, infinity,
    /// non-string keys and graphs beyond `limits` (depth, string length, members per object,
    /// size as JSON text).
    /// Dictionary members keep the dictionary's own iteration order.
    public init(foundationObject object: Any, limits: JSONLimits = .default) throws(JSONDecodeError) {
        var graph = FoundationGraph(limits: limits)
        self = try graph.walk(FoundationValue(object), depth: 0)
    }
}

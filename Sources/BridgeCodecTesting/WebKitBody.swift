import BridgeCodec
import Foundation

/// Bodies in the shape WebKit hands a WKWebView app (`WKScriptMessage.body`), for an app's tests
/// of its own handlers on any platform: what a Swift literal such as `["count": 2]` is not.
///
/// WebKit converts the posted JavaScript value: every number becomes an `NSNumber` holding a
/// double (`2` arrives as `2.0`), a boolean one of the boolean `NSNumber`s, a string an
/// `NSString`, an array an `NSMutableArray`, an object an `NSMutableDictionary` with `NSString`
/// keys (in its own hash order), `null` an `NSNull`, and a `Date` an `NSDate`. One JavaScript
/// object posted in two places is one instance in both, which JSON text cannot say: build such a
/// graph by hand from these pieces.
public enum WebKitBody {
    /// The graph WebKit hands over when the page posts `JSON.parse(text)`.
    public static func graph(forJSON text: String, limits: JSONLimits = .default) throws(JSONError) -> Any {
        graph(for: try JSONValue(parsing: text, limits: limits))
    }

    /// The value the graph for `value` reads as (``graph(for:)``): the same JSON, with each
    /// number the text JavaScript gives its double (`1.0` is `1`, `9007199254740993` is
    /// `9007199254740992`). A captured object body (``BridgeCapture``) reads as this value does.
    public static func value(for value: JSONValue) -> JSONValue {
        // Most bodies already have such numbers, and are kept as they are.
        holdsJavaScriptNumbersOnly(value) ? value : rewritingNumbers(value)
    }

    /// `value` with each number rewritten as its double's JavaScript text.
    private static func rewritingNumbers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number): return .number(JSONNumber(number.doubleValue) ?? number)
        case .array(let elements): return .array(elements.map(rewritingNumbers))
        case .object(let object):
            // The keys are the object's own, so unique.
            return .object(JSONObject(object.map { JSONObject.Member(key: $0.key, value: rewritingNumbers($0.value)) }) ?? object)
        default: return value
        }
    }

    /// Whether every number in `value` already has its double's JavaScript text.
    private static func holdsJavaScriptNumbersOnly(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): JSONNumber(number.doubleValue) == number
        case .array(let elements): elements.allSatisfy(holdsJavaScriptNumbersOnly)
        case .object(let object): object.allSatisfy { holdsJavaScriptNumbersOnly($0.value) }
        default: true
        }
    }

    /// The graph WebKit hands over when the page posts the JavaScript value `value` reads as.
    /// A number is its `doubleValue`, as a page holds it: `9007199254740993` posts as 2^53.
    public static func graph(for value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let bool): return NSNumber(value: bool)
        case .number(let number): return NSNumber(value: number.doubleValue)
        case .string(let string): return NSString(string: string)
        case .array(let elements):
            let array = NSMutableArray(capacity: elements.count)
            for element in elements { array.add(graph(for: element)) }
            return array
        case .object(let object):
            let dictionary = NSMutableDictionary(capacity: object.count)
            for member in object { dictionary.setObject(graph(for: member.value), forKey: NSString(string: member.key)) }
            return dictionary
        }
    }
}

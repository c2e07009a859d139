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

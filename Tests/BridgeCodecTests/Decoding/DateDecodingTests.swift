import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecTesting

/// Dates as pages send them, and as `JSONDecoder` reads them.
@Suite("Dates")
struct DateDecodingTests {
    private struct Stamp: Codable, Sendable, Equatable {
        let at: Date
    }

    /// Each of `JSONDecoder`'s strategies reads in `StrictJSONDecoder` what it reads there, and
    /// refuses what it refuses.
    @Test func strictJSONDecoderReadsDatesAsJSONDecoderDoes() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let strategies: [(StrictJSONDecoder.DateDecodingStrategy, JSONDecoder.DateDecodingStrategy, [String])] = [
            (.deferredToDate, .deferredToDate, ["0", "1.5", "-978307200", #""1""#, "true"]),
            (.secondsSince1970, .secondsSince1970, ["1764590400", "1764590400.123", #""1764590400""#]),
            (.millisecondsSince1970, .millisecondsSince1970, ["1764590400123", "-1", "null"]),
            (
                .iso8601, .iso8601,
                [
                    #""2026-12-01T12:00:00Z""#, #""2026-12-01T13:00:00+01:00""#, #""2026-12-01T12:00:00.123Z""#, #""2026-12-01""#,
                    #""yesterday""#, "1764590400",
                ]
            ),
            (.formatted(formatter), .formatted(formatter), [#""2026-12-01""#, #""2026-13-01""#, "0"]),
            (
                .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 60) },
                .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 60) },
                ["29409840", #""29409840""#]
            ),
        ]
        for (strict, foundation, values) in strategies {
            let jsonDecoder = JSONDecoder()
            jsonDecoder.dateDecodingStrategy = foundation
            for value in values {
                let text = #"{"at":\#(value)}"#
                let expected = try? jsonDecoder.decode(Stamp.self, from: Data(text.utf8))
                let read = try? StrictJSONDecoder(dateDecodingStrategy: strict).decode(Stamp.self, from: text)
                #expect(
                    read == expected,
                    "\(strict): \(value) reads as \(String(describing: read)), JSONDecoder \(String(describing: expected))")
            }
        }
        // The default is JSONDecoder's.
        #expect(try StrictJSONDecoder().decode(Stamp.self, from: #"{"at":1.5}"#).at == Date(timeIntervalSinceReferenceDate: 1.5))
    }

    /// A channel reads the text a page's `JSON.stringify` writes, and refuses a bare number with
    /// a reason until it is told the number's epoch and unit.
    @Test func aChannelReadsThePagesDates() throws {
        let dispatcher = BridgeDispatcher<Stamp>(channels: [
            BridgeChannel("stamp", origins: .anyOrigin),
            BridgeChannel("millis", origins: .anyOrigin, dates: .millisecondsSince1970),
        ])
        let harness = DispatchHarness(dispatcher: dispatcher)
        let noon = Date(timeIntervalSince1970: 1_764_590_400.123)
        #expect(harness.accept("stamp", #"{"at":"2025-12-01T12:00:00.123Z"}"#)?.at == noon)
        #expect(harness.accept("millis", #"{"at":1764590400123}"#)?.at == noon)
        // An NSDate, as WebKit hands a JavaScript Date over, reads as its text.
        #expect(
            try dispatcher.dispatch(
                handlerName: "stamp", foundationBody: NSDictionary(dictionary: ["at": NSDate(timeIntervalSince1970: 1_764_590_400.123)])
            ).at == noon)

        let number = harness.reject("stamp", #"{"at":1764590400123}"#)
        #expect(
            number?.description
                == #"stamp: $.at: a date is read from the text JSON.stringify writes ("2026-12-01T12:00:00.123Z"); "#
                + "a number needs the channel's date strategy: secondsSince1970 or millisecondsSince1970")
        for text in ["2025-12-01T12:00:00Z", "2025-12-01T12:00:00.123+00:00", "2025-12-01 12:00:00.123Z", "Mon Dec 01 2025"] {
            #expect(
                harness.reject("stamp", #"{"at":"\#(text)"}"#)?.description
                    == #"stamp: $.at: "\#(text)" is not a date as JSON.stringify writes it ("2026-12-01T12:00:00.123Z")"#)
        }
        #expect(harness.reject("stamp", #"{"at":true}"#)?.description == "stamp: $.at: expected a string, found a boolean")
        #expect(
            harness.reject("millis", #"{"at":"2025-12-01T12:00:00.123Z"}"#)?.description
                == "millis: $.at: expected a number, found a string")
    }

    /// The text of a JavaScript `Date`, both ways, at the edges of its layout and its range.
    @Test func javaScriptDateTextBothWays() throws {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"), (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (1_796_126_400_123, "2026-12-01T12:00:00.123Z"), (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
            (253_402_300_800_000, "+010000-01-01T00:00:00.000Z"), (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (-62_167_219_200_001, "-000001-12-31T23:59:59.999Z"), (8.64e15, "+275760-09-13T00:00:00.000Z"),
            (-8.64e15, "-271821-04-20T00:00:00.000Z"),
        ]
        for (milliseconds, text) in cases {
            let date = Date(timeIntervalSince1970: milliseconds / 1000)
            #expect(JavaScriptDate.text(of: date) == text)
            let read = try #require(JavaScriptDate.date(from: text), "\(text) is refused")
            #expect((read.timeIntervalSince1970 * 1000).rounded() == milliseconds)
        }
        // Seeded times across the whole range read back as themselves.
        var random = SeededRandom(seed: 46)
        for _ in 0..<2000 {
            // Within 31,000 years of 1970, where a `Date`'s seconds hold every millisecond.
            let milliseconds = Double(Int64(bitPattern: random.next()) % 1_000_000_000_000_000)
            let text = try #require(JavaScriptDate.text(of: Date(timeIntervalSince1970: milliseconds / 1000)))
            let read = try #require(JavaScriptDate.date(from: text), "\(text) is refused")
            #expect((read.timeIntervalSince1970 * 1000).rounded() == milliseconds, "\(text)")
        }
        for refused in [
            "+275760-09-13T00:00:00.001Z", "-000000-01-01T00:00:00.000Z", "+002026-01-01T00:00:00.000Z", "2026-02-29T00:00:00.000Z",
            "2026-12-01t12:00:00.123Z", "2026-12-01T24:00:00.000Z", "2026-12-01T12:60:00.000Z", "2026-12-01T12:00:00.123",
            "2026-12-01T12:00:00.1234Z", "２026-12-01T12:00:00.123Z", "",
        ] {
            #expect(JavaScriptDate.date(from: refused) == nil, "\(refused) is read")
        }
        #expect(JavaScriptDate.text(of: Date(timeIntervalSince1970: 8.64e12 + 1)) == nil)
    }

    /// A date in a graph reads as the page's text wherever a value is read; one no JavaScript
    /// `Date` can hold is refused with its path, and an invalid one is `null`, as `JSON.stringify` writes it.
    @Test func graphDatesReadAsTheirText() throws {
        let graph: [String: Any] = ["at": Date(timeIntervalSince1970: 0.25), "list": [NSDate(timeIntervalSince1970: -0.001)]]
        #expect(
            try JSONValue(foundationObject: graph)
                == JSONValue.object(["at": .string("1970-01-01T00:00:00.250Z"), "list": .array([.string("1969-12-31T23:59:59.999Z")])])
                || JSONValue(foundationObject: graph)
                    == JSONValue.object(["list": .array([.string("1969-12-31T23:59:59.999Z")]), "at": .string("1970-01-01T00:00:00.250Z")])
        )
        #expect(
            throws: JSONError(
                path: JSONPath([.key("at")]),
                reason: .invalidValue("the date is beyond the range of a JavaScript Date (±8.64e15 ms from 1970)"))
        ) {
            try JSONValue(foundationObject: ["at": Date.distantFuture.addingTimeInterval(1e15)])
        }
        #expect(try JSONValue(foundationObject: [NSDate(timeIntervalSinceReferenceDate: .nan)]) == .array([.null]))
        // The decoder on its own reads a graph's date once told the page's form; by default it reads as JSONDecoder would.
        let body = NSDictionary(dictionary: ["at": NSDate(timeIntervalSince1970: 1_764_590_400.123)])
        let page = StrictJSONDecoder(dateDecodingStrategy: .javaScriptISOString)
        #expect(try page.decode(Stamp.self, fromFoundationObject: body).at == Date(timeIntervalSince1970: 1_764_590_400.123))
        #expect(throws: JSONError(path: JSONPath([.key("at")]), reason: .typeMismatch(expected: "a number", found: .string))) {
            try StrictJSONDecoder().decode(Stamp.self, fromFoundationObject: body)
        }
    }
}

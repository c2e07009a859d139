import BridgeCodec
import Testing

/// An object's keys are unique by code units, however many members it has.
@Suite("JSONObject")
struct JSONObjectTests {
    @Test func membersAreUniqueByCodeUnitsAtEverySize() {
        for count in [1, 2, 15, 16, 17, 40] {
            var members = (0..<count).map { JSONObject.Member(key: "k\($0)", value: .number(JSONNumber($0))) }
            #expect(JSONObject(members)?.count == count, "\(count) distinct keys")
            // Canonically equivalent keys are two keys, as in JavaScript.
            members.append(JSONObject.Member(key: "\u{E9}", value: .null))
            members.append(JSONObject.Member(key: "e\u{301}", value: .null))
            #expect(JSONObject(members)?.count == count + 2)
            members.append(JSONObject.Member(key: "k0", value: .null))
            #expect(JSONObject(members) == nil, "a key twice among \(count + 3)")
        }
    }
}

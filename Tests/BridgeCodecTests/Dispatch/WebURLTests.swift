import Foundation
import Testing

@testable import BridgeCodec

/// A URL the package accepts is read as a browser reads it; one it cannot read that way is
/// refused. Checked against the URL Standard's own test data (web-platform-tests).
@Suite("Web URLs as a browser reads them")
struct WebURLTests {
    private struct Case {
        let input: String
        let expected: [String: String]?  // nil: the Standard fails on it
    }

    /// The cases without a base URL.
    private static func cases() throws -> [Case] {
        let data = try Data(contentsOf: TestData.vendored.appendingPathComponent("wpt-url/urltestdata.json"))
        guard case .array(let entries) = try JSONValue(parsing: data, limits: .largest) else { return [] }
        return entries.compactMap { entry -> Case? in
            guard case .object(let members) = entry, case .string(let input)? = members["input"] else { return nil }
            guard members["base"] == nil || members["base"] == .null else { return nil }
            if members["failure"] == .bool(true) { return Case(input: input, expected: nil) }
            var fields: [String: String] = [:]
            for member in members { if case .string(let value) = member.value { fields[member.key] = value } }
            return Case(input: input, expected: fields)
        }
    }

    @Test func everyCaseIsRefusedOrReadAsTheStandardReadsIt() throws {
        let cases = try Self.cases()
        #expect(cases.count > 500)
        var accepted = 0
        for testCase in cases {
            guard let url = try? WebURL(testCase.input) else { continue }
            accepted += 1
            guard let expected = testCase.expected else {
                Issue.record("accepted what the Standard fails on: \(testCase.input)")
                continue
            }
            let actual = [
                "href": url.href, "protocol": url.scheme + ":", "username": "", "password": "", "hostname": url.host,
                "port": url.port.map(String.init) ?? "", "pathname": url.path,
                "search": url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "", "hash": url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "",
            ]
            for (part, value) in actual where expected[part] != value {
                Issue.record("\(testCase.input): \(part) is \(value), the Standard says \(expected[part] ?? "nothing")")
            }
        }
        #expect(accepted > 40)
    }

    /// A plain URL, an ASCII host of letters, digits, hyphens and dots with an optional port and
    /// no user info, is accepted.
    @Test func plainCasesAreAccepted() throws {
        let plain = try NSRegularExpression(
            pattern: "^https?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$", options: [.caseInsensitive])
        var count = 0
        for testCase in try Self.cases() where testCase.expected != nil {
            let range = NSRange(testCase.input.startIndex..., in: testCase.input)
            guard plain.firstMatch(in: testCase.input, range: range) != nil else { continue }
            guard let hostname = testCase.expected?["hostname"], !hostname.split(separator: ".").contains(where: { $0.hasPrefix("xn--") }),
                hostname.last.map({ !$0.isNumber }) ?? false
            else { continue }
            count += 1
            #expect((try? WebURL(testCase.input)) != nil, "\(testCase.input)")
        }
        #expect(count > 5)
    }

    @Test func readsAsAWebViewReports() throws {
        #expect(try WebURL("HTTPS://Shop.Example:443").href == "https://shop.example/")
        #expect(try WebURL("http://shop.example:80/a/./b/../c").href == "http://shop.example/a/c")
        #expect(try WebURL("https://shop.example/a/%2E%2e/b?x='y'#f").href == "https://shop.example/b?x=%27y%27#f")
        for refused in [
            "https://0x7f.1/", "https://127.1/", "https://1.2.3.04/", "https://a:65536/", "https://xn--nxasmq6b.example/",
            "https://[0::1]/",
        ] {
            #expect(throws: URLPolicy.Violation.invalidAuthority, "\(refused)") { try WebURL(refused) }
        }
        #expect(throws: URLPolicy.Violation.self) { try WebURL("javascript:alert(1)") }
        #expect(try WebURL("https://[::1]:8443/").host == "[::1]")
        #expect(try WebURL("https://1.2.3.4/").host == "1.2.3.4")
    }
}

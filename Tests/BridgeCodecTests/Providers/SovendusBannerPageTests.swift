import BridgeCodec
import BridgeCodecCommandLine
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Sovendus banner page")
struct SovendusBannerPageTests {
    let order = SovendusOrder(
        sessionId: "s", orderId: "</script><script>alert(1)</script>", currencyCode: "EUR", usedCouponCode: "<!--",
        trafficSourceNumber: 1, trafficMediumNumber: 2, netOrderValue: 10.5)

    /// The page's data script, between the first `<script type="text/javascript">` and its `</script>`.
    private func dataScript(_ html: String) -> String {
        let start = html.range(of: "<script type=\"text/javascript\">\n")?.upperBound ?? html.startIndex
        let end = html.range(of: "</script>", range: start..<html.endIndex)?.lowerBound ?? html.endIndex
        return String(html[start..<end])
    }

    @Test func orderDataStaysInsideItsScript() throws {
        let html = try SovendusBannerPage.html(order: order, timestamp: 1_700_000_000)
        let data = dataScript(html)
        #expect(data.contains(#""orderId":"\u003C\/script\u003E\u003Cscript\u003Ealert(1)\u003C\/script\u003E""#))
        #expect(data.contains(#""orderValue":"10.5""#))
        #expect(!data.contains("sovConsumer"))
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        #expect(html.contains(#"src="https://api.sovendus.com/sovabo/common/js/flexibleIframe.js""#))
    }

    @Test func customerFieldsArePresentOnlyWhenGiven() throws {
        var withCustomer = order
        withCustomer.customer = SovendusCustomer(firstName: "Zoë", yearOfBirth: 1990)
        let data = dataScript(try SovendusBannerPage.html(order: withCustomer, timestamp: 1))
        #expect(data.contains(#"window.sovConsumer = {"consumerFirstName":"Zoë","consumerYearOfBirth":"1990"};"#))
    }

    @Test func nonFiniteOrderValuesAndBadLoadersAreErrors() {
        var broken = order
        broken.netOrderValue = .nan
        #expect(throws: JSONError(path: JSONPath([.key("netOrderValue")]), reason: .nonFiniteNumber)) {
            try SovendusBannerPage.html(order: broken, timestamp: 1)
        }
        #expect(throws: URLPolicy.Violation.forbiddenScheme("javascript")) {
            try SovendusBannerPage.html(order: order, timestamp: 1, loaderURL: "javascript:alert(1)")
        }
    }

    @Test func pageCommand() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).json")
        try Data(
            #"{"sessionId":"s","orderId":"o","currencyCode":"EUR","usedCouponCode":"","trafficSourceNumber":1,"trafficMediumNumber":2,"netOrderValue":1}"#
                .utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = BridgeCodecCLI.run(["page", "sovendus", "--order", file.path, "--timestamp", "5"], input: .bytes(Data()))
        #expect(result.exitCode == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).contains(#""timestamp":"5""#))
        try Data(#"{"sessionId":"s"}"#.utf8).write(to: file)
        let missing = BridgeCodecCLI.run(["page", "sovendus", "--order", file.path], input: .bytes(Data()))
        #expect(missing.exitCode == 1)
        #expect(String(decoding: missing.standardError, as: UTF8.self).contains("$.orderId: required field is missing"))
        #expect(BridgeCodecCLI.run(["page", "volt", "--order", file.path], input: .bytes(Data())).exitCode == 2)
    }

    @Test func scriptCommand() {
        let volt = BridgeCodecCLI.run(["script", "volt", "--transport", "cordova"], input: .bytes(Data()))
        #expect(volt.exitCode == 0)
        #expect(volt.standardOutput == Data(BridgeScripts.voltRedirectCallback(transport: .cordova).utf8))
        let completion = BridgeCodecCLI.run(["script", "branch-plaid-complete", "--detail", #"{"status":"nope"}"#], input: .bytes(Data()))
        #expect(completion.exitCode == 1)
        #expect(BridgeCodecCLI.run(["script", "volt", "--transport", "carrier-pigeon"], input: .bytes(Data())).exitCode == 2)
        #expect(BridgeCodecCLI.run(["script", "volt"], input: .bytes(Data())).exitCode == 2)
    }

    /// An amount computed in `Decimal` reaches the page as its digits: `0.1 + 0.2` is `0.3`,
    /// where a `Double` would have written `0.30000000000000004`.
    @Test func theOrderValueIsWrittenFromItsDigits() throws {
        var computed = order
        computed.netOrderValue = try #require(Decimal(string: "0.1")) + #require(Decimal(string: "0.2"))
        #expect(dataScript(try SovendusBannerPage.html(order: computed, timestamp: 1)).contains(#""orderValue":"0.3""#))
        computed.netOrderValue = try #require(Decimal(string: "-1234567890.123456789"))
        #expect(dataScript(try SovendusBannerPage.html(order: computed, timestamp: 1)).contains(#""orderValue":"-1234567890.123456789""#))
        let decoded = try StrictJSONDecoder().decode(
            SovendusOrder.self,
            from:
                #"{"sessionId":"s","orderId":"o","currencyCode":"EUR","usedCouponCode":"","trafficSourceNumber":1,"trafficMediumNumber":2,"netOrderValue":19.99}"#
        )
        #expect(dataScript(try SovendusBannerPage.html(order: decoded, timestamp: 1)).contains(#""orderValue":"19.99""#))
    }

    /// The page for every transport: its bridge posts over that transport, and the CLI makes each.
    @Test func everyTransportHasItsPage() throws {
        for transport in ScriptTransport.allCases {
            let html = try SovendusBannerPage.html(order: order, timestamp: 1, transport: transport, androidInterface: "SovendusBridge")
            #expect(html.contains(#""transport":"\#(transport.rawValue)""#), "\(transport)")
            #expect(html.contains(#""androidInterface":"SovendusBridge""#))
            let page = runCLI(
                ["page", "sovendus", "--order", "-", "--timestamp", "1", "--transport", transport.rawValue], stdin: orderJSON)
            #expect(page.code == 0 && page.out.contains(#""transport":"\#(transport.rawValue)""#), "\(transport)")
        }
        #expect(runCLI(["page", "sovendus", "--order", "-", "--transport", "carrier-pigeon"], stdin: orderJSON).code == 2)
    }

    private var orderJSON: String {
        #"{"sessionId":"s","orderId":"o","currencyCode":"EUR","usedCouponCode":"","trafficSourceNumber":1,"trafficMediumNumber":2,"netOrderValue":1}"#
    }
}

import BridgeCodec

/// The HTML page that shows the Sovendus banner in a WebView, with the order and customer
/// data embedded through the escaper, the `sovHandler` bridge, and Sovendus' loader script.
///
/// Load it with `loadHTMLString(_:baseURL:)`, start the WebView at ``SovendusHeight/initialHeight``,
/// and cancel every in-WebView navigation: URLs arrive as `openUrl` messages instead.
public enum SovendusBannerPage {
    /// Sovendus' loader script.
    public static let defaultLoaderURL = "https://api.sovendus.com/sovabo/common/js/flexibleIframe.js"

    /// The page for `order`, its bridge posting over `transport` (on Android to the
    /// `@JavascriptInterface` object `androidInterface`). `timestamp` is the order's Unix time
    /// (Sovendus' `timestamp`); `messageOrigins` restricts which frames may ask to open a URL, as in
    /// `BridgeScripts.sovendusBridge(transport:handler:androidInterface:messageOrigins:)`.
    /// Throws `JSONError` for a NaN ``SovendusOrder/netOrderValue``, `URLPolicy.Violation` for a
    /// loader URL the policy refuses, and `InvalidArgument` for an origin entry no frame could have.
    public static func html(
        order: SovendusOrder, timestamp: Int, transport: ScriptTransport = .webKitObject, handler: String = Sovendus.handler,
        androidInterface: String = Sovendus.androidInterface, loaderURL: String = defaultLoaderURL, messageOrigins: [String]? = nil
    ) throws -> String {
        // The amount's own digits, as a Decimal writes them.
        guard let orderValue = JSONNumber(order.netOrderValue) else {
            throw JSONError(path: JSONPath([.key("netOrderValue")]), reason: .nonFiniteNumber)
        }
        let loader = try Escaper.urlAttribute(loaderURL)
        let bridge =
            if let messageOrigins {
                try BridgeScripts.sovendusBridge(
                    transport: transport, handler: handler, androidInterface: androidInterface, messageOrigins: messageOrigins)
            } else {
                BridgeScripts.sovendusBridge(transport: transport, handler: handler, androidInterface: androidInterface)
            }
        // Sovendus reads every value as a string, numbers included, as its integration guide writes them.
        let iframe = object([
            ("trafficSourceNumber", String(order.trafficSourceNumber)), ("trafficMediumNumber", String(order.trafficMediumNumber)),
            ("iframeContainerId", "sovendus-container"), ("timestamp", String(timestamp)), ("sessionId", order.sessionId),
            ("orderId", order.orderId), ("orderValue", orderValue.text), ("orderCurrency", order.currencyCode),
            ("usedCouponCode", order.usedCouponCode), ("integrationType", "genericnative-1.1.1"),
        ])
        var data =
            "window.sovApi = \"v1\";\nwindow.sovIframes = window.sovIframes || [];\nwindow.sovIframes.push(\(Escaper.scriptJSON(iframe)));\n"
        if let customer = order.customer {
            data += "window.sovConsumer = \(Escaper.scriptJSON(consumer(customer)));\n"
        }
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="initial-scale=1">
            </head>
            <body id="body" style="margin: 0; background-color: #fff">
            <div id="sovendus-container"></div>
            <script type="text/javascript">
            \(data)</script>
            <script type="text/javascript">
            \(bridge)</script>
            <script type="text/javascript" src="\(loader)" async="true"></script>
            </body>
            </html>

            """
    }

    private static func consumer(_ customer: SovendusCustomer) -> JSONValue {
        let fields: [(String, String?)] = [
            ("consumerSalutation", customer.salutation), ("consumerFirstName", customer.firstName), ("consumerLastName", customer.lastName),
            ("consumerEmail", customer.email), ("consumerPhone", customer.phone),
            ("consumerYearOfBirth", customer.yearOfBirth.map(String.init)),
            ("consumerDateOfBirth", customer.dateOfBirth), ("consumerStreet", customer.street),
            ("consumerStreetNumber", customer.streetNumber),
            ("consumerZipcode", customer.zipcode), ("consumerCity", customer.city), ("consumerCountry", customer.country),
        ]
        return object(fields.compactMap { name, value in value.map { (name, $0) } })
    }

    private static func object(_ members: [(String, String)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in members { object[key] = .string(value) }
        return .object(object)
    }
}

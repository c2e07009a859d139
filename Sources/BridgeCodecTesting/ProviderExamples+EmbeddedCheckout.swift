import BridgeCodec
import BridgeCodecProviders

extension ProviderExamples {
    /// A valid message of each of the Embedded Checkout Protocol's 15 methods, in
    /// ``EmbeddedCheckout/Method/allCases``' order, as a checkout page posts it to
    /// `EmbeddedCheckoutProtocolConsumer` (a request with an id, a notification without one): every
    /// member UCP's schemas require, and each method's own (an order for `ec.complete`, a buyer for
    /// `ec.buyer.change`, …). The starting points for
    /// ``MalformedPayloadGenerator/embeddedCheckoutVariants(count:seed:examples:)``.
    public static let embeddedCheckoutMessages: [(method: EmbeddedCheckout.Method, message: JSONValue)] = EmbeddedCheckout.Method
        .allCases.enumerated().map { index, method in
            // Integer ids, and a string one for ec.auth.
            let idText = method == .auth ? #""auth-1""# : "\(index + 1)"
            let id = method.isRequest ? #""id":\#(idText),"# : ""
            let text = #"{"jsonrpc":"2.0",\#(id)"method":"\#(method.rawValue)","params":\#(embeddedCheckoutParams(method))}"#
            // Every text here is JSON: a test holds each example to `EmbeddedCheckout.read`.
            return (method, (try? JSONValue(parsing: text)) ?? .null)
        }

    /// The params of `method`'s example.
    private static func embeddedCheckoutParams(_ method: EmbeddedCheckout.Method) -> String {
        let payment =
            #""payment":{"instruments":[{"id":"pi_1","handler_id":"wallet_1","type":"card","selected":true,"#
            + #""display":{"brand":"visa","last_digits":"4242"}}]}"#
        let fulfillment =
            #""fulfillment":{"methods":[{"id":"fm_ship","type":"shipping","line_item_ids":["li_1"],"destinations":[{"id":"dest_1","#
            + #""street_address":"1 Main St","address_locality":"Springfield","postal_code":"12345","address_country":"US"}],"#
            + #""selected_destination_id":"dest_1"}]}"#
        switch method {
        case .ready:
            return #"{"delegate":["payment.instruments_change","payment.credential","fulfillment.address_change","window.open"],"#
                + #""auth":{"type":"oauth"}}"#
        case .auth: return #"{"type":"oauth"}"#
        case .error:
            return #"{"error":{"ucp":{"version":"2026-04-08","status":"error"},"messages":[{"type":"error","code":"payment_failed","#
                + #""content":"The payment could not be processed.","severity":"unrecoverable"}],"#
                + #""continue_url":"https://shop.example/checkout/chk_1"}}"#
        case .windowOpenRequest: return #"{"url":"https://shop.example/terms"}"#
        case .start: return checkout(extra: #","continue_url":"https://shop.example/checkout/chk_1""#)
        case .complete:
            return checkout(
                status: "completed", extra: #","order":{"id":"ord_1","permalink_url":"https://shop.example/orders/ord_1","label":"A-1"}"#)
        case .lineItemsChange: return checkout(image: true)
        case .buyerChange:
            return checkout(
                extra: #","buyer":{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","phone_number":"+15551234567"}"#)
        case .paymentChange, .paymentInstrumentsChangeRequest: return checkout(extra: "," + payment)
        case .paymentCredentialRequest: return checkout(status: "ready_for_complete", extra: "," + payment)
        case .messagesChange:
            return checkout(
                extra: #","messages":[{"type":"error","code":"out_of_stock","content":"Only 1 left.","severity":"requires_buyer_input"},"#
                    + #"{"type":"warning","code":"final_sale","content":"This item cannot be returned."},"#
                    + #"{"type":"info","content":"Free shipping over 50 EUR."}]"#)
        case .totalsChange: return checkout(tax: true)
        case .fulfillmentChange, .fulfillmentAddressChangeRequest: return checkout(extra: "," + fulfillment)
        }
    }

    /// `{"checkout": …}`: a checkout of one line, in the release's version, with `extra` members.
    private static func checkout(status: String = "incomplete", image: Bool = false, tax: Bool = false, extra: String = "") -> String {
        let item = #"{"id":"sku_mug","title":"Ceramic mug","price":1250"# + (image ? #","image_url":"https://shop.example/mug.png"}"# : "}")
        let totals =
            tax
            ? #"[{"type":"subtotal","amount":2500},{"type":"tax","amount":500,"display_text":"VAT"},{"type":"total","amount":3000}]"#
            : #"[{"type":"subtotal","amount":2500},{"type":"total","amount":2500}]"#
        return #"{"checkout":{"ucp":{"version":"\#(EmbeddedCheckout.specVersion)","payment_handlers":{"com.example.wallet":"#
            + #"[{"id":"wallet_1","version":"\#(EmbeddedCheckout.specVersion)"}]}},"id":"chk_1","status":"\#(status)","currency":"EUR","#
            + #""line_items":[{"id":"li_1","item":\#(item),"quantity":2,"totals":[{"type":"subtotal","amount":2500}]}],"#
            + #""totals":\#(totals),"links":[{"type":"terms_of_service","url":"https://shop.example/terms","title":"Terms"}]\#(extra)}}"#
    }
}

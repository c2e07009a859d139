import BridgeCodec
import BridgeCodecProviders
import SwedbankPayMerchantBackend

extension MerchantBackend {
    /// Example documents of the Merchant Backend API, as a backend forwards Swedbank Pay's
    /// answers: for app tests, and the realistic input of the decoding benchmarks.
    public enum Examples {
        /// The root endpoint's answer of the example backend.
        public static let root = #"{"consumers":"/swedbank-pay-mobile/consumers","paymentorders":"/swedbank-pay-mobile/paymentorders"}"#

        /// A payment-order response of about 2 KB: Swedbank Pay's payment order (v2) with its
        /// sub-resources and operations, and the backend's instrument-mode `mobileSDK` object.
        public static let paymentOrderResponse = """
            {
              "paymentorder": {
                "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce",
                "created": "2026-11-25T16:02:11.2950117Z",
                "updated": "2026-11-25T16:02:11.6215498Z",
                "operation": "Purchase",
                "state": "Ready",
                "currency": "SEK",
                "amount": 150000,
                "vatAmount": 37500,
                "description": "Order 4711: two tickets",
                "initiatingSystemUserAgent": "SwedbankPaySDK-iOS/4.0.0",
                "language": "sv-SE",
                "instrument": "CreditCard",
                "availableInstruments": ["CreditCard", "Invoice-PayExFinancingSe", "Swish", "Trustly"],
                "integration": "HostedView",
                "instrumentMode": true,
                "guestMode": true,
                "orderItems": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/orderitems" },
                "urls": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/urls" },
                "payeeInfo": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/payeeinfo" },
                "payments": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/payments" },
                "currentPayment": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/currentpayment" },
                "metadata": { "id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/metadata" }
              },
              "operations": [
                {
                  "method": "PATCH",
                  "href": "https://api.externalintegration.payex.com/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce",
                  "rel": "update-paymentorder-setinstrument",
                  "contentType": "application/json"
                },
                {
                  "method": "PATCH",
                  "href": "https://api.externalintegration.payex.com/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce",
                  "rel": "update-paymentorder-abort",
                  "contentType": "application/json"
                },
                {
                  "method": "GET",
                  "href": "https://ecom.externalintegration.payex.com/paymentmenu/5a17c24e-d459-4567-bbad-aa0f17a76119",
                  "rel": "redirect-paymentorder",
                  "contentType": "text/html"
                },
                {
                  "method": "GET",
                  "href": "https://ecom.externalintegration.payex.com/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=5a17c24e-d459-4567-bbad-aa0f17a76119&culture=sv-SE",
                  "rel": "view-paymentorder",
                  "contentType": "application/javascript"
                }
              ],
              "mobileSDK": {
                "validInstruments": ["CreditCard", "Invoice-PayExFinancingSe", "Swish", "Trustly"],
                "setInstrument": "/swedbank-pay-mobile/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce/setInstrument"
              }
            }
            """
    }
}

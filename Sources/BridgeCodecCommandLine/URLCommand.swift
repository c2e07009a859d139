import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec url`: intent URLs, payment URLs and navigation decisions, one JSON line each.
enum URLCommand {
    static let help = """
        usage: bridgecodec url parse [--base URL] URL
               bridgecodec url intent-parse URL
               bridgecodec url intent-build [--target URL] [--action A] [--package P] [--categories C,…]
                                            [--component C] [--extras JSON-OBJECT]
               bridgecodec url payment-url --platform android --root URL --package P --id ID
               bridgecodec url payment-url --platform ios --root URL --scheme S --language L --id ID [--app NAME]
               bridgecodec url navigate --complete-url U --cancel-url U --payment-url U [--app-scheme S]
                                        [--webview-hosts H,…] [--subframe] TARGET
               bridgecodec url helper android-intent|ios-universal-link REQUEST-URL

        Prints one line of JSON. Bad input exits 1 with a reason on stderr; a usage error exits 2.
        parse prints how the package reads a URL (relative to --base when given), as a browser does:
        {"href": …, "origin": …, "scheme": …, "username": …, "password": …, "host": …|null, "port": N|null,
        "path": …, "query": …|null, "fragment": …|null}, or exits 1 with the reason it is refused.
        navigate prints {"decision": completed|canceled|reloadPayment|openExternally|openIntent|block|allow, …}
        for a navigation of the page (or a new window), or with --subframe of a frame inside it.
        helper prints the Merchant Backend helper endpoint's response to REQUEST-URL:
        {"status": …, "headers": {…}, "body": …} (a 400 problem for a bad request).

        """

    static func run(_ arguments: [String], input _: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(
                arguments,
                valueOptions: [
                    "--base", "--target", "--action", "--package", "--categories", "--component", "--extras", "--platform", "--root",
                    "--id",
                    "--scheme", "--language", "--app", "--complete-url", "--cancel-url", "--payment-url", "--app-scheme", "--webview-hosts",
                ], flagOptions: ["--subframe"])
            guard let subcommand = list.positionals.first else { throw ArgumentList.UsageError(message: "url needs a subcommand") }
            let operands = Array(list.positionals.dropFirst())
            switch subcommand {
            case "parse":
                guard operands.count == 1 else { throw ArgumentList.UsageError(message: "parse takes one URL") }
                do throws(WebURL.ParseError) {
                    let base = try list.options["--base"].map { text throws(WebURL.ParseError) in try WebURL(text) }
                    return line(parsedJSON(try WebURL(operands[0], base: base)))
                } catch {
                    return .rejected(error.description)
                }
            case "intent-parse":
                guard operands.count == 1 else { throw ArgumentList.UsageError(message: "intent-parse takes one URL") }
                do {
                    return line(intentJSON(try AndroidIntentURL(parsing: operands[0])))
                } catch {
                    return .rejected(error.description)
                }
            case "intent-build":
                return try buildIntent(list)
            case "payment-url":
                switch try paymentURL(list) {
                case .success(let url): return line(DecodeOutput.object([("url", .string(url.string))]))
                case .failure(let violation): return .rejected("--root: \(violation)")
                }
            case "navigate":
                guard operands.count == 1 else { throw ArgumentList.UsageError(message: "navigate takes one TARGET") }
                switch try navigationPolicy(list) {
                case .success(let policy):
                    return line(decision(policy.decide(operands[0], isMainFrame: !list.flags.contains("--subframe"))))
                case .failure(let invalid): return .rejected(invalid.description)
                }
            case "helper":
                guard operands.count == 2 else { throw ArgumentList.UsageError(message: "helper takes an endpoint and a REQUEST-URL") }
                let helpers = MerchantBackendHelpers()
                let response: MerchantBackendHelpers.Response
                switch operands[0] {
                case "android-intent": response = helpers.androidIntent(requestURL: operands[1])
                case "ios-universal-link": response = helpers.iOSUniversalLink(requestURL: operands[1])
                default: throw ArgumentList.UsageError(message: "unknown endpoint '\(operands[0])'")
                }
                let headers = DecodeOutput.object(response.headers.map { ($0.name, JSONValue.string($0.value)) })
                return line(
                    DecodeOutput.object([
                        ("status", .number(JSONNumber(response.status))), ("headers", headers), ("body", .string(response.body)),
                    ]))
            default:
                throw ArgumentList.UsageError(message: "unknown url subcommand '\(subcommand)'")
            }
        } catch {
            return .usageError(error, command: "url")
        }
    }

    private static func line(_ value: JSONValue) -> CommandResult { .success(value.jsonText + "\n") }

    private static func required(_ list: ArgumentList, _ name: String) throws(ArgumentList.UsageError) -> String {
        guard let value = list.options[name] else { throw ArgumentList.UsageError(message: "\(name) is required") }
        return value
    }

    private static func buildIntent(_ list: ArgumentList) throws(ArgumentList.UsageError) -> CommandResult {
        var extras: [String: String] = [:]
        if let text = list.options["--extras"] {
            guard case .object(let object)? = try? JSONValue(parsing: text) else {
                return .rejected("--extras must be a JSON object of strings")
            }
            for member in object {
                guard case .string(let value) = member.value else { return .rejected("--extras: \(member.key) is not a string") }
                // Distinct JSON keys can be one Swift `String` (NFC and NFD "é"): one extra would replace the other.
                guard extras.updateValue(value, forKey: member.key) == nil else {
                    return .rejected("--extras: two keys are the same text in different Unicode forms (\(member.key))")
                }
            }
        }
        var target: WebURL?
        if let text = list.options["--target"] {
            do throws(WebURL.ParseError) {
                target = try WebURL(text)
            } catch {
                return .rejected("not a URL: \(error)")
            }
        }
        let intent = AndroidIntentURL(
            target: target, action: list.options["--action"],
            categories: list.commaSeparated("--categories"), component: list.options["--component"],
            package: list.options["--package"], stringExtras: extras)
        do throws(InvalidArgument) {
            return line(DecodeOutput.object([("url", .string(try intent.urlString()))]))
        } catch {
            return .rejected(error.description)
        }
    }

    /// The payment URL the options describe, or why its root is refused.
    private static func paymentURL(_ list: ArgumentList) throws(ArgumentList.UsageError) -> Result<
        SwedbankPayPaymentURL, URLPolicy.Violation
    > {
        switch list.options["--platform"] {
        case "android":
            let (root, package, id) = (try required(list, "--root"), try required(list, "--package"), try required(list, "--id"))
            return Result { () throws(URLPolicy.Violation) in try .android(backendRoot: root, package: package, id: id) }
        case "ios":
            let (root, scheme, language, id) = (
                try required(list, "--root"), try required(list, "--scheme"), try required(list, "--language"), try required(list, "--id")
            )
            let app = list.options["--app"] ?? ""
            return Result { () throws(URLPolicy.Violation) in
                try .iOS(backendRoot: root, scheme: scheme, language: language, id: id, app: app)
            }
        default:
            throw ArgumentList.UsageError(message: "--platform must be android or ios")
        }
    }

    /// The policy the options describe, or which of its URLs is refused.
    private static func navigationPolicy(
        _ list: ArgumentList
    ) throws(ArgumentList.UsageError) -> Result<SwedbankPayNavigationPolicy, InvalidArgument> {
        let (complete, cancel, payment) = (
            try required(list, "--complete-url"), try required(list, "--cancel-url"), try required(list, "--payment-url")
        )
        return Result { () throws(InvalidArgument) in
            let paymentURL: WebURL
            do throws(URLPolicy.Violation) {
                paymentURL = try URLPolicy.webURLs.check(payment)
            } catch {
                throw .url(name: "paymentURL", error)
            }
            return try SwedbankPayNavigationPolicy(
                completeURL: complete, cancelURL: cancel, paymentURL: SwedbankPayPaymentURL(paymentURL),
                appScheme: list.options["--app-scheme"],
                webViewHosts: Set(list.commaSeparated("--webview-hosts")))
        }
    }

    private static func parsedJSON(_ url: WebURL) -> JSONValue {
        let optional: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
        return DecodeOutput.object([
            ("href", .string(url.href)), ("origin", .string(url.origin.description)), ("scheme", .string(url.scheme)),
            ("username", .string(url.username)), ("password", .string(url.password)), ("host", optional(url.host?.description)),
            ("port", url.port.map { .number(JSONNumber($0)) } ?? .null), ("path", .string(url.path)),
            ("query", optional(url.query)), ("fragment", optional(url.fragment)),
        ])
    }

    private static func intentJSON(_ intent: AndroidIntentURL) -> JSONValue {
        let optional: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
        let extras = DecodeOutput.object(intent.stringExtras.keys.sorted().map { ($0, JSONValue.string(intent.stringExtras[$0] ?? "")) })
        return DecodeOutput.object([
            ("target", optional(intent.target?.href)), ("action", optional(intent.action)),
            ("categories", .array(intent.categories.map(JSONValue.string))),
            ("component", optional(intent.component)), ("package", optional(intent.package)), ("stringExtras", extras),
        ])
    }

    private static func decision(_ decision: SwedbankPayNavigationPolicy.Decision) -> JSONValue {
        switch decision {
        case .completed: DecodeOutput.object([("decision", .string("completed"))])
        case .canceled: DecodeOutput.object([("decision", .string("canceled"))])
        case .reloadPayment: DecodeOutput.object([("decision", .string("reloadPayment"))])
        case .openExternally(let url): DecodeOutput.object([("decision", .string("openExternally")), ("url", .string(url.href))])
        case .openIntent(let intent, let fallback):
            DecodeOutput.object([
                ("decision", .string("openIntent")), ("intent", intentJSON(intent)),
                ("fallbackUrl", fallback.map { .string($0.href) } ?? .null),
            ])
        case .block: DecodeOutput.object([("decision", .string("block"))])
        case .allow: DecodeOutput.object([("decision", .string("allow"))])
        }
    }
}

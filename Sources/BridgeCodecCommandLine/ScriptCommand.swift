import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec script`: prints a provider's injectable snippet.
enum ScriptCommand {
    static let help = """
        usage: bridgecodec script bridge --transport T --secret S [--channels NAME,...] [--posts NAME,...] [--global NAME]
                                  [--android-interface NAME] [--timeout-ms N] [--kept-events N]
               bridgecodec script reply --transport T [--request-id ID] (--value JSON | --error TEXT) [--secret S] [--global NAME]
               bridgecodec script \(providerScripts.map(\.name).joined(separator: "|")) --transport T [--handler NAME]
                                  [--android-interface NAME]
        \(providerScripts.compactMap(usage).joined())\
               bridgecodec script branch-plaid-complete --detail JSON [--event NAME]
               bridgecodec script event --event NAME --detail JSON --secret S [--global NAME]
               bridgecodec script call --function NAME --arguments JSON-ARRAY

        Prints the JavaScript to inject (WKUserScript, evaluateJavaScript, Android evaluateJavascript).
        Transports: \(ScriptTransport.allCases.map(\.rawValue).joined(separator: ", ")).
        Names are passed to the snippet as data through the escaper, never as code.

          bridge                 the page half of the app's own channels, on window[NAME] (default bridgecodec):
                                 post(handler, body), request(handler, body[, {timeoutMs}]), a Promise, and
                                 on(event, callback); --channels answer requests, --posts take posts only;
                                 --secret (22 to 256 of A-Z a-z 0-9 - _, new for each page) is what the app's
                                 answers and events carry; --timeout-ms is how long a request waits (default
                                 10000), --kept-events how many events wait for a subscriber (default 64)
          reply                  what the app sends back for request ID: over webkit-* the reply handler's
                                 value as JSON (or the error text), over android-listener the reply proxy's
                                 text, otherwise the script that settles the request (with --secret)

        \(providerScripts.map(summary).joined())\
          branch-plaid-complete  dispatches the \(BridgeProvider.Handler.branchLinkComplete.name) CustomEvent; --detail is its JSON detail,
                                 such as {"status":"canceled"}
          event                  the app's event NAME with the JSON detail, to the client's subscribers (with
                                 --secret) and as a CustomEvent on window
          call                   calls window[NAME] with the array's elements as arguments

        """

    /// The providers' page scripts, as they declare them.
    private static let providerScripts = BridgeProvider.all.flatMap(\.scripts)

    /// The parameters every provider script's usage line shows: `--handler` and `--android-interface`.
    private static let commonParameters: Set<String> = ["handler", "androidInterface"]

    /// The option that sets a script's parameter: `--android-interface` for `androidInterface`.
    private static func option(_ parameter: String) -> String {
        "--" + parameter.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }

    /// A usage line for a script that takes more than the common options.
    private static func usage(_ script: BridgeProvider.Script) -> String? {
        let options =
            (script.takesMessageOrigins ? ["[--message-origins ORIGIN,...]"] : [])
            + script.parameters.map(\.name).filter { !commonParameters.contains($0) }.map { "[\(option($0)) NAME]" }
        guard !options.isEmpty else { return nil }
        return "       bridgecodec script \(script.name) --transport T \(options.joined(separator: " "))\n"
    }

    /// A script's lines in the list of scripts.
    private static func summary(_ script: BridgeProvider.Script) -> String {
        let name = script.name.padding(toLength: 23, withPad: " ", startingAt: 0)
        return script.summary.enumerated().map { "  \($0.offset == 0 ? name : String(repeating: " ", count: 23))\($0.element)\n" }.joined()
    }

    static func run(_ arguments: [String], input _: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(
                arguments,
                valueOptions: [
                    "--transport", "--handler", "--android-interface", "--completed-handler", "--canceled-handler", "--detail", "--event",
                    "--message-origins", "--function", "--arguments", "--global", "--timeout-ms", "--request-id", "--value", "--error",
                    "--secret", "--channels", "--posts", "--kept-events",
                ])
            guard list.positionals.count == 1, let provider = list.positionals.first else {
                throw ArgumentList.UsageError(message: "script takes one PROVIDER")
            }
            if provider == "branch-plaid-complete" {
                guard let detail = list.options["--detail"] else { throw ArgumentList.UsageError(message: "--detail JSON is required") }
                let completion: PlaidLinkCompletion
                do {
                    completion = try StrictJSONDecoder().decode(PlaidLinkCompletion.self, from: detail)
                } catch {
                    return .rejected("--detail: \(error)")
                }
                guard let event = list.options["--event"] else { return .success(BridgeScripts.branchPlaidLinkCompletion(completion)) }
                return .success(BridgeScripts.branchPlaidLinkCompletion(completion, eventName: event))
            }
            if provider == "event" || provider == "call" { return try pageCall(provider, list) }
            let transportName = list.options["--transport"] ?? ""
            guard let transport = ScriptTransport(rawValue: transportName) else {
                let names = ScriptTransport.allCases.map(\.rawValue).joined(separator: ", ")
                throw ArgumentList.UsageError(message: "--transport must be one of \(names)")
            }
            if provider == "bridge" || provider == "reply" { return try client(provider, transport: transport, list) }
            // A security setting is never ignored: only a script that filters origins takes them.
            let filtering = providerScripts.filter(\.takesMessageOrigins).map(\.name)
            guard filtering.contains(provider) || list.options["--message-origins"] == nil else {
                throw ArgumentList.UsageError(message: "--message-origins applies to \(filtering.joined(separator: ", ")) only")
            }
            guard let script = providerScripts.first(where: { $0.name == provider }) else {
                throw ArgumentList.UsageError(message: "unknown provider '\(provider)'")
            }
            var names: [String: String] = [:]
            for parameter in script.parameters.map(\.name) { names[parameter] = list.options[option(parameter)] }
            do {
                return .success(
                    try script.build(
                        transport: transport, names: names,
                        messageOrigins: script.takesMessageOrigins ? list.commaSeparatedIfGiven("--message-origins") : nil))
            } catch {
                throw ArgumentList.UsageError(message: "--message-origins: \(error)")
            }
        } catch {
            return .usageError(error, command: "script")
        }
    }

    /// `script bridge` and `script reply`: the page half of the app's own channels, and the app's answers.
    private static func client(_ kind: String, transport: ScriptTransport, _ list: ArgumentList) throws(ArgumentList.UsageError)
        -> CommandResult
    {
        if kind == "bridge" {
            let channels =
                list.commaSeparated("--channels").map { (name: $0, answers: true) }
                + list.commaSeparated("--posts").map { (name: $0, answers: false) }
            guard !channels.isEmpty else { throw ArgumentList.UsageError(message: "name the channels with --channels or --posts") }
            return .success(
                try clientOptions(
                    list, transport: transport,
                    timeout: try list.integer(
                        "--timeout-ms", in: 1...BridgeClient.longestTimeoutMilliseconds, default: BridgeClient.defaultTimeoutMilliseconds)
                ).pageScript(channels: channels))
        }
        let id = list.options["--request-id"] == nil ? nil : try list.integer("--request-id", in: BridgeEnvelope.requestIDs, default: 1)
        let route: BridgeReplyRoute
        switch (transport, id) {
        case (.webKitObject, _), (.webKitString, _): route = .webKitReplyHandler
        case (_, nil): throw ArgumentList.UsageError(message: "--request-id ID is required over \(transport.rawValue)")
        case (.androidListener, let id?): route = .androidReplyProxy(requestID: id)
        case (.android, let id?), (.reactNative, let id?), (.cordova, let id?):
            route = try clientOptions(list, transport: transport).replyRoute(requestID: id)
        }
        let answer: BridgeAnswer
        switch (list.options["--value"], list.options["--error"]) {
        case (let text?, nil):
            let value: JSONValue
            do throws(JSONError) {
                value = try JSONValue(parsing: text)
            } catch {
                throw ArgumentList.UsageError(message: "--value: \(JSONCheckCommand.describe(error))")
            }
            do throws(JSONError) {
                answer = try BridgeReply<JSONValue>(route: route).answer(value)
            } catch {
                return .rejected("--value: \(error)")
            }
        case (nil, let message?):
            answer = route.failure(message)
        default:
            throw ArgumentList.UsageError(message: "give one of --value JSON and --error TEXT")
        }
        switch answer {
        case .none: return .success("")
        case .webKitReply(let json, let message): return .success((json ?? message ?? "") + "\n")
        case .replyProxyText(let text): return .success(text + "\n")
        case .script(let script): return .success(script)
        }
    }

    /// The client `--secret`, `--global`, `--android-interface` and `--kept-events` describe.
    private static func clientOptions(
        _ list: ArgumentList, transport: ScriptTransport, timeout: Int = BridgeClient.defaultTimeoutMilliseconds
    ) throws(ArgumentList.UsageError) -> BridgeClient {
        guard let text = list.options["--secret"] else { throw ArgumentList.UsageError(message: "--secret S is required") }
        let kept = try list.integer("--kept-events", in: 0...BridgeClient.mostKeptEvents, default: BridgeClient.defaultKeptEvents)
        do throws(InvalidArgument) {
            return try BridgeClient(
                transport: transport, secret: try BridgeSecret(text), global: list.options["--global"] ?? BridgeClient.defaultGlobal,
                androidInterface: list.options["--android-interface"] ?? "Android", timeoutMilliseconds: timeout, keptEvents: kept)
        } catch {
            throw ArgumentList.UsageError(message: "\(error)")
        }
    }

    /// `script event` and `script call`: the app's values into the page.
    private static func pageCall(_ kind: String, _ list: ArgumentList) throws(ArgumentList.UsageError) -> CommandResult {
        func value(_ option: String) throws(ArgumentList.UsageError) -> JSONValue {
            guard let text = list.options[option] else { throw ArgumentList.UsageError(message: "\(option) JSON is required") }
            do throws(JSONError) {
                return try JSONValue(parsing: text)
            } catch {
                throw ArgumentList.UsageError(message: "\(option): \(JSONCheckCommand.describe(error))")
            }
        }
        if kind == "event" {
            guard let name = list.options["--event"] else { throw ArgumentList.UsageError(message: "--event NAME is required") }
            // The event's script is the same whatever the transport.
            return .success(try clientOptions(list, transport: .webKitObject).event(named: name, detail: try value("--detail")))
        }
        guard let name = list.options["--function"] else { throw ArgumentList.UsageError(message: "--function NAME is required") }
        guard case .array(let arguments) = try value("--arguments") else {
            throw ArgumentList.UsageError(message: "--arguments must be a JSON array")
        }
        do throws(JSONError) {
            return .success(try BridgeScripts.callFunction(named: name, arguments: arguments))
        } catch {
            return .rejected("\(error)")
        }
    }
}

import BridgeCodec
import BridgeCodecProviders
import Foundation

/// `bridgecodec ecp-check`: a captured Embedded Checkout Protocol session, checked as a strict host reads it.
enum ECPCheckCommand {
    static let help = """
        usage: bridgecodec ecp-check --version YYYY-MM-DD --allowed ID,... [--requested ID,...]
                                     [--continue-url URL] [FILE|-]

        Reads the messages a business's checkout page posted to EmbeddedCheckoutProtocolConsumer
        in one session (UCP's Embedded Checkout Protocol, 2026-04-08), one JSON-RPC text per line,
        in order, and checks each as a strict native host does. Writes one JSON line per message:
        {"line", "method", "verdict", "answer"}: the verdict is "accepted" (a notification for the
        app, a request the app answers: its answer is then null), "answered" (the host answers
        at once, as for ec.ready), or the rule the message broke; the answer is the JSON-RPC
        response the host sends, or null for none. Then one summary line: every protocol
        violation seen, with its line, and the continue URL the host loads.

        options:
          --version V      the session's ec_version
          --allowed IDs    the checkout's config.delegate (its embedded binding)
          --requested IDs  the delegations the host requests (ec_delegate; default: all allowed)
          --continue-url U the checkout's continue_url: the summary gives it with the ec_ parameters

        Exit 0 when the session broke no rule, 1 when it broke one, 2 on a usage error.

        """

    static func run(_ arguments: [String], input: InputSource, write: (Data) -> Void) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(arguments, valueOptions: ["--version", "--allowed", "--requested", "--continue-url"])
            guard list.positionals.count <= 1 else { throw ArgumentList.UsageError(message: "ecp-check takes at most one FILE") }
            guard let version = list.options["--version"] else { throw ArgumentList.UsageError(message: "--version is required") }
            let allowed = try delegations(list.commaSeparated("--allowed"), option: "--allowed")
            let requested =
                try list.commaSeparatedIfGiven("--requested").map { ids throws(ArgumentList.UsageError) in
                    try delegations(ids, option: "--requested")
                } ?? allowed
            var session: EmbeddedCheckout.Session
            var continueURL: String?
            do throws(InvalidArgument) {
                session = try EmbeddedCheckout.Session(version: version, requested: requested, allowed: allowed)
                if let url = list.options["--continue-url"] {
                    continueURL = try EmbeddedCheckout.continueURL(url, version: version, delegations: requested).href
                }
            } catch {
                throw ArgumentList.UsageError(message: error.description)
            }
            var lineOfViolation: [Int] = []
            try input.forEachLine(list.positionals.first, maxLineBytes: session.limits.json.maxBytes + 1) { number, line in
                let step: EmbeddedCheckout.Session.Step
                switch line {
                case .text(let bytes): step = session.receive(String(decoding: bytes, as: UTF8.self))
                case .tooLong:
                    // A line past the limit is read no further: the session refuses text of its length as it would the line.
                    step = session.receive(String(repeating: " ", count: session.limits.json.maxBytes + 1))
                }
                if let violation = step.violation, violation.kind.isProtocolViolation { lineOfViolation.append(number) }
                let verdict = step.violation?.kind.rawValue ?? (step.response != nil ? "answered" : "accepted")
                let record: JSONValue = .object([
                    "line": .number(JSONNumber(number)), "method": step.method.map(JSONValue.string) ?? .null,
                    "verdict": .string(verdict), "answer": step.response?.json ?? .null,
                ])
                write(Data((record.jsonText + "\n").utf8))
            }
            let protocolViolations = session.violations.filter(\.kind.isProtocolViolation)
            let listed = zip(protocolViolations, lineOfViolation).map { violation, line in
                JSONValue.object([
                    "line": .number(JSONNumber(line)), "kind": .string(violation.kind.rawValue), "detail": .string(violation.detail),
                ])
            }
            let summary: JSONValue = .object([
                "summary": .object([
                    "violations": .array(listed), "continueURL": continueURL.map(JSONValue.string) ?? .null,
                    "accepted": session.accepted.map { .array($0.map { .string($0.id) }) } ?? .null,
                ])
            ])
            var result = CommandResult(exitCode: listed.isEmpty ? 0 : 1)
            result.standardOutput = Data((summary.jsonText + "\n").utf8)
            return result
        } catch {
            return .usageError(error, command: "ecp-check")
        }
    }

    private static func delegations(_ ids: [String], option: String) throws(ArgumentList.UsageError) -> [EmbeddedCheckout.Delegation] {
        var result: [EmbeddedCheckout.Delegation] = []
        for id in ids {
            do throws(InvalidArgument) {
                result.append(try EmbeddedCheckout.Delegation(id))
            } catch {
                throw ArgumentList.UsageError(message: "\(option): \(error.description)")
            }
        }
        return result
    }
}

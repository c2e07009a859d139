// Drives a BridgeHost from a real engine's harness (js/test/host_runner.py for WebKitGTK,
// js/test/host-chromium.mjs for Chromium): one JSON object per line in, what the host says per
// line out. The harness plays the WebKit adapter's part; the host is the one apps use, with a
// checkout's channels: Volt's callback, an app `cart` channel that answers requests, and Swedbank
// Pay's navigation policy. `--frames` lets the cart channel take requests from iframes. With
// `--ecp` the host also serves UCP's Embedded Checkout Protocol for a checkout at
// https://shop.example/checkout: the consumer snippet, its channel and a session, whose answers
// go to the page as events for the page showing only; the app's part answers a credential
// request with a token, cancels an address change, and opens what window.open asks.
//
// In: {"op":"setup"} · {"op":"decide","url","isMainFrame"} · {"op":"commit"} ·
// {"op":"message","name","body" (JSON text or null),"origin","isMainFrame","hold"} ·
// {"op":"answer","ticket"} · {"op":"event","name","detail" (JSON text),"channel"} · {"op":"notTaken","id"}.
// Out, per line: the scripts and handlers; a decision (with the scripts for the next document);
// a reply ({"value" as JSON text, "error"}), a held request's ticket, or events to deliver
// ({"id","functionBody","arguments"}); an event's outcome; {} for the rest. Messages the app
// received are listed in "received" on each message's line.
import BridgeCodec
import BridgeCodecProviders
import Foundation

struct Lookup: Codable, Sendable { var sku: String }
struct Item: Codable, Sendable {
    var sku: String
    var price: Decimal
    var at: Date
}

enum Message: Sendable {
    case provider(ProviderMessage)
    case lookup(Lookup, BridgeReply<Item>)
    case checkout(String)
}

func makeHost(framesToo: Bool, embeddedCheckout: Bool) throws -> BridgeHost<Message> {
    let policy = try SwedbankPayNavigationPolicy(
        completeURL: "https://shop.example/complete", cancelURL: "https://shop.example/cancel",
        paymentURL: SwedbankPayPaymentURL(try WebURL("https://shop.example/pay")),
        webViewHosts: ["shop.example", "checkout.volt.io", "bank.example"])
    var channels: [BridgeChannel<Message>] = [
        BridgeChannel.voltRedirect(origins: try .hosts(["checkout.volt.io"])).map(Message.provider),
        BridgeChannel(
            "cart", origins: try .hosts(["shop.example"], includingFrames: framesToo), decoding: Lookup.self, replying: Item.self,
            as: Message.lookup),
    ]
    var snippets = [BridgeScripts.voltRedirectCallback(transport: .webKitObject)]
    if embeddedCheckout {
        channels.append(try .embeddedCheckout(checkoutHosts: ["shop.example"], as: Message.checkout))
        snippets.append(BridgeScripts.embeddedCheckoutConsumer(transport: .webKitObject))
    }
    let dispatcher = BridgeDispatcher<Message>(channels: channels)
    return try BridgeHost(dispatcher: dispatcher, snippets: snippets) { navigation in
        switch policy.decide(navigation.url, isMainFrame: navigation.isMainFrame) {
        case .allow: .allow
        case .openExternally(let url): .openOutside(url)
        case .block, .completed, .canceled, .reloadPayment, .openIntent: .cancel
        }
    }
}

/// The app's handler: SKU A1 costs 12.50, at a fixed instant; any other SKU is refused.
func respond(_ message: Message) throws -> BridgeAnswer {
    switch message {
    case .lookup(let lookup, let reply):
        guard lookup.sku == "A1" else { return reply.fail("No such item: \(lookup.sku)") }
        return try reply.answer(Item(sku: "A1", price: Decimal(string: "12.50") ?? 0, at: Date(timeIntervalSince1970: 1_765_000_000.123)))
    case .provider, .checkout: return .none
    }
}

/// The app's part in an embedded checkout: a token for the selected instrument, a cancelled
/// address change, a window opened, a credential for ec.auth.
@MainActor func respond(_ message: EmbeddedCheckout.Message, _ request: EmbeddedCheckout.Session.Request) -> EmbeddedCheckout.Response? {
    switch message {
    case .paymentCredential(let checkout):
        let selected = checkout.payment?.instruments?.first { $0.selected == true }
        let instrument: JSONValue = .object([
            "id": .string(selected?.id ?? "pi_1"), "handler_id": .string(selected?.handlerID ?? "handler_1"), "type": .string("card"),
            "selected": .bool(true), "credential": .object(["type": .string("token"), "token": .string("tok_123")]),
        ])
        return checkoutSession.answer(
            request, result: .object(["checkout": .object(["payment": .object(["instruments": .array([instrument])])])]))
    case .fulfillmentAddressChange, .paymentInstrumentsChange: return checkoutSession.cancel(request)
    case .windowOpen: return checkoutSession.answer(request, result: .object(JSONObject()))
    case .auth, .ready: return checkoutSession.answer(request, result: .object(["credential": .string("cred_1")]))
    default: return nil
    }
}

func describe(_ message: Message) -> String {
    switch message {
    case .provider(let provider): provider.kind
    case .lookup(let lookup, _): "cart.lookup \(lookup.sku)"
    case .checkout: "checkout"
    }
}

func json(_ object: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) else { return "null" }
    return String(decoding: data, as: UTF8.self)
}

func reply(_ answer: BridgeAnswer) -> [String: Any] {
    guard case .webKitReply(let value, let error) = answer else { return ["value": NSNull(), "error": "not a WebKit reply"] }
    return ["value": value ?? NSNull(), "error": error ?? NSNull()]
}

var host = try makeHost(framesToo: CommandLine.arguments.contains("--frames"), embeddedCheckout: CommandLine.arguments.contains("--ecp"))
var checkoutSession = try EmbeddedCheckout.Session(
    version: EmbeddedCheckout.specVersion, requested: EmbeddedCheckout.Delegation.known, allowed: EmbeddedCheckout.Delegation.known)
var tickets: [Int: (Message, BridgeHost<Message>.Request)] = [:]
var checkoutTickets: [Int: (EmbeddedCheckout.Message, EmbeddedCheckout.Session.Request)] = [:]
var events: [Int: BridgeHost<Message>.Event] = [:]
var nextID = 1

@MainActor func eventObject(_ event: BridgeHost<Message>.Event) -> [String: Any] {
    defer { nextID += 1 }
    events[nextID] = event
    return ["id": nextID, "functionBody": BridgeHost<Message>.Event.functionBody, "arguments": event.arguments]
}

/// An embedded checkout's answer, as an event for the page showing only.
@MainActor func sendCheckout(_ answer: EmbeddedCheckout.Response) -> [String: Any] {
    switch answer.send(through: &host) {
    case .deliver(let event): ["deliver": [eventObject(event)]]
    case .held: ["answer": "held"]
    case .refused(let reason): ["answer": "refused: \(reason)"]
    }
}

@MainActor func scripts() -> [[String: Any]] {
    host.documentScripts.map { ["source": $0.source, "mainFrameOnly": $0.isForMainFrameOnly] }
}

while let line = readLine() {
    guard let data = line.data(using: .utf8), let command = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let op = command["op"] as? String
    else {
        FileHandle.standardOutput.write(Data((json(["error": "not a command: \(line)"]) + "\n").utf8))
        continue
    }
    var out: [String: Any] = [:]
    switch op {
    case "setup":
        out = ["scripts": scripts(), "handlers": host.handlers.map { ["name": $0.name, "replies": $0.replies] }]
    case "decide":
        let navigation = BridgeHost<Message>.Navigation(
            url: command["url"] as? String ?? "", isMainFrame: command["isMainFrame"] as? Bool ?? true)
        switch host.decide(navigation) {
        case .allow: out = ["decision": "allow"]
        case .cancel: out = ["decision": "cancel"]
        case .openOutside(let url): out = ["decision": "openOutside", "url": url.href]
        }
        out["scripts"] = scripts()
    case "commit":
        host.committed()
        checkoutSession.newDocument()
    case "message":
        let text = command["body"] as? String
        let body = text.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
        let origin =
            FrameOrigin(serializedOrigin: command["origin"] as? String ?? "null", isMainFrame: command["isMainFrame"] as? Bool ?? true)
            ?? FrameOrigin(scheme: "", host: "", isMainFrame: command["isMainFrame"] as? Bool ?? true)
        switch host.receive(name: command["name"] as? String ?? "", body: body, frame: origin) {
        case .reply(let answer): out = ["reply": reply(answer)]
        case .deliver(let delivered): out = ["deliver": delivered.map(eventObject)]
        case .message(.checkout(let text), _):
            let step = checkoutSession.receive(text)
            out["received"] = "checkout \(step.method ?? "?"): " + (step.violation?.kind.rawValue ?? "accepted")
            if let message = step.message, let request = step.request, command["hold"] as? Bool == true {
                checkoutTickets[nextID] = (message, request)
                out["held"] = nextID
                nextID += 1
            } else if let answer = step.response ?? step.message.flatMap({ message in step.request.flatMap { respond(message, $0) } }) {
                out.merge(sendCheckout(answer)) { $1 }
            }
        case .message(let message, let request):
            out["received"] = describe(message)
            if command["hold"] as? Bool == true {
                tickets[nextID] = (message, request)
                out["held"] = nextID
                nextID += 1
            } else {
                do {
                    out["reply"] = reply(host.answer(try respond(message), to: request))
                } catch {
                    out["reply"] = reply(host.answer(failing: error, to: request))
                }
            }
        }
    case "answer":
        if let ticket = command["ticket"] as? Int, let (message, request) = checkoutTickets.removeValue(forKey: ticket) {
            // The session drops an answer for a document gone; the host, one for a page at another origin.
            out = respond(message, request).map(sendCheckout) ?? ["answer": "dropped"]
        } else if let ticket = command["ticket"] as? Int, let (message, request) = tickets.removeValue(forKey: ticket) {
            do {
                out = ["reply": reply(host.answer(try respond(message), to: request))]
            } catch {
                out = ["reply": reply(host.answer(failing: error, to: request))]
            }
        }
    case "event":
        let detail = (try? JSONValue(parsing: command["detail"] as? String ?? "null")) ?? .null
        switch host.send(event: command["name"] as? String ?? "", detail: detail, channel: command["channel"] as? String ?? "") {
        case .deliver(let event): out = ["outcome": "deliver", "event": eventObject(event)]
        case .held: out = ["outcome": "held"]
        case .refused(let reason): out = ["outcome": "refused", "reason": reason]
        }
    case "notTaken":
        if let id = command["id"] as? Int, let event = events[id] { host.notTaken(event) }
    default:
        out = ["error": "unknown op \(op)"]
    }
    FileHandle.standardOutput.write(Data((json(out) + "\n").utf8))
}

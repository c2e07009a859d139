import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import SwedbankPayMerchantBackend

/// What `decode --jsonl --summary` counts over a capture: messages by handler and kind (an
/// Embedded Checkout Protocol message's method), and refusals by the kind of their reason
/// (`urlRejected.forbiddenScheme`, `embeddedCheckout.invalid_params`), which holds no page data.
struct CaptureSummary {
    private(set) var lines = 0
    private(set) var rejected = 0
    private var handlers: [String: Int] = [:]
    private var kinds: [String: Int] = [:]
    private var errors: [String: Int] = [:]

    mutating func add(_ outcome: Result<BridgeCapture.Replayed<DecodedMessage>, BridgeCapture.Failure>) {
        lines += 1
        switch outcome {
        case .success(let replayed):
            handlers[replayed.handlerName, default: 0] += 1
            if let kind = replayed.message.kind { kinds[kind, default: 0] += 1 }
            if let category = replayed.message.errorCategory {
                rejected += 1
                errors[category, default: 0] += 1
            }
        case .failure(let failure):
            rejected += 1
            if let handler = failure.handlerName { handlers[handler, default: 0] += 1 }
            errors[failure.category, default: 0] += 1
        }
    }

    /// Adds what `other` counted, as if its lines had been added here.
    mutating func merge(_ other: CaptureSummary) {
        lines += other.lines
        rejected += other.rejected
        handlers.merge(other.handlers, uniquingKeysWith: +)
        kinds.merge(other.kinds, uniquingKeysWith: +)
        errors.merge(other.errors, uniquingKeysWith: +)
    }

    /// `{"lines", "decoded", "rejected", "handlers", "kinds", "errors"}`, each map sorted by key.
    var jsonValue: JSONValue {
        func counts(_ map: [String: Int]) -> JSONValue {
            DecodeOutput.object(map.keys.sorted().map { ($0, .number(JSONNumber(map[$0] ?? 0))) })
        }
        return DecodeOutput.object([
            ("lines", .number(JSONNumber(lines))), ("decoded", .number(JSONNumber(lines - rejected))),
            ("rejected", .number(JSONNumber(rejected))), ("handlers", counts(handlers)), ("kinds", counts(kinds)),
            ("errors", counts(errors)),
        ])
    }
}

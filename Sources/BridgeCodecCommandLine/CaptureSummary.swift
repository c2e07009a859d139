import BridgeCodec
import BridgeCodecProviders
import SwedbankPayMerchantBackend

/// What `decode --jsonl --summary` counts over a capture: messages by handler and kind, and
/// refusals by the kind of their reason (`urlRejected.forbiddenScheme`), which holds no page data.
struct CaptureSummary {
    private(set) var lines = 0
    private(set) var rejected = 0
    private var handlers: [String: Int] = [:]
    private var kinds: [String: Int] = [:]
    private var errors: [String: Int] = [:]

    mutating func add(_ outcome: Result<(String, ProviderMessage), DecodeCommand.LineFailure>) {
        lines += 1
        switch outcome {
        case .success(let (handler, message)):
            handlers[handler, default: 0] += 1
            kinds[message.kind, default: 0] += 1
        case .failure(let failure):
            rejected += 1
            if let handler = failure.handler { handlers[handler, default: 0] += 1 }
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

    /// The kind of `reason`, as `--summary` counts it.
    static func category(of reason: BridgeError.Reason) -> String {
        switch reason {
        case .unknownHandler: "unknownHandler"
        case .originNotAllowed: "originNotAllowed"
        case .postsOnly: "postsOnly"
        case .invalidEnvelope: "envelope.malformed"
        case .invalidMessage(let reason):
            switch reason {
            case .malformedJSON: "malformedJSON"
            case .typeMismatch: "invalidMessage.typeMismatch"
            case .missingKey: "invalidMessage.missingKey"
            case .missingElement: "invalidMessage.missingElement"
            case .numberNotRepresentable: "invalidMessage.numberNotRepresentable"
            case .invalidValue: "invalidMessage.invalidValue"
            case .unknownDiscriminator: "invalidMessage.unknownDiscriminator"
            case .unsupportedObject: "invalidMessage.unsupportedObject"
            case .nonStringKey: "invalidMessage.nonStringKey"
            case .nonFiniteNumber: "invalidMessage.nonFiniteNumber"
            case .nestingTooDeep: "limit.nestingTooDeep"
            case .stringTooLong: "limit.stringTooLong"
            case .tooManyMembers: "limit.tooManyMembers"
            case .tooLarge: "limit.tooLarge"
            case .cycle: "invalidMessage.cycle"
            case .urlRejected(let violation): "urlRejected." + category(of: violation)
            }
        }
    }

    /// A refused URL's kind; one that does not read is counted by why, as the reader says it.
    private static func category(of violation: URLPolicy.Violation) -> String {
        switch violation {
        case .unreadable(let error):
            switch error {
            case .empty: "empty"
            case .tooLong: "tooLong"
            case .relative: "relative"
            case .missingHost: "missingHost"
            case .invalidHost: "invalidHost"
            case .invalidPort: "invalidPort"
            case .fileURL: "fileURL"
            }
        case .tooLong: "tooLong"
        case .forbiddenScheme: "forbiddenScheme"
        case .schemeNotAllowed: "schemeNotAllowed"
        case .userInfo: "userInfo"
        case .notRepresentable: "notRepresentable"
        case .notAnOrigin: "notAnOrigin"
        }
    }
}

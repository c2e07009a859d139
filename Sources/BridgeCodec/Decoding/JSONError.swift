/// Why a JSON document, object graph or value did not decode into the requested type, or a value
/// did not encode as JSON, and where: the one error of the decoder and of ``ScriptJSONEncoder``.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        // The parse error is boxed (`indirect`): it is the largest payload, and every decoding
        // frame that can throw reserves room for this error, so a smaller one keeps the walk of
        // the deepest document allowed within a secondary thread's stack.

        /// The text is not strict JSON, for `syntax` at `position`.
        indirect case malformedJSON(Syntax, at: JSONTextPosition)
        /// A value of the wrong kind, such as a boolean where a number belongs.
        case typeMismatch(expected: String, found: JSONKind)
        /// A required object member is absent.
        case missingKey
        /// An array has fewer elements than the type reads.
        case missingElement
        /// A number that the requested type cannot hold exactly, such as `1.5` or `300` for a `UInt8`.
        case numberNotRepresentable(String, as: String)
        /// A value of the right kind that the type rejects, with the type's reason; or a value
        /// that cannot be encoded, with the encoder's reason.
        case invalidValue(String)
        /// A message discriminator (such as `type` or `status`) with a value the model does not know.
        case unknownDiscriminator(String, known: [String])
        /// An object in a Foundation graph that JSON has no form for, such as `NSDate`.
        case unsupportedObject(typeName: String)
        /// A dictionary key in a Foundation graph that is not a string.
        case nonStringKey(typeName: String)
        /// NaN or infinity in a Foundation graph, or in a value to encode.
        case nonFiniteNumber
        /// A Foundation graph or structured body nested deeper than ``JSONLimits/maxDepth``.
        case nestingTooDeep(limit: Int)
        /// A string in a Foundation graph or structured body longer than ``JSONLimits/maxStringLength``.
        case stringTooLong(limit: Int)
        /// A dictionary or object in a Foundation graph or structured body with more members than
        /// ``JSONLimits/maxObjectMembers``.
        case tooManyMembers(limit: Int)
        /// A Foundation graph or structured body whose JSON text would be longer than ``JSONLimits/maxBytes``.
        case tooLarge(limit: Int)
        /// A Foundation array or dictionary that holds itself, directly or further down.
        case cycle
        /// A URL that breaks the decoder's or dispatcher's ``URLPolicy``.
        case urlRejected(URLPolicy.Violation)

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .malformedJSON(let syntax, let position): "malformed JSON at \(position): \(syntax)"
            case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
            case .missingKey: "required field is missing"
            case .missingElement: "array has too few elements"
            case .numberNotRepresentable(let number, let type): "number \(number) is not a valid \(type)"
            case .invalidValue(let message): message
            case .unknownDiscriminator(let value, let known):
                "unknown value \(Escaper.logString(value)); expected one of \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .unsupportedObject(let typeName): "\(typeName) has no JSON form"
            case .nonStringKey(let typeName): "dictionary key of type \(typeName) is not a string"
            case .nonFiniteNumber: "NaN and infinity have no JSON form"
            case .nestingTooDeep(let limit): "nesting is deeper than the limit of \(limit)"
            case .stringTooLong(let limit): "string is longer than the limit of \(limit) bytes"
            case .tooManyMembers(let limit): "object has more members than the limit of \(limit)"
            case .tooLarge(let limit): "the value is larger than the limit of \(limit) bytes as JSON"
            case .cycle: "the array or dictionary holds itself"
            case .urlRejected(let violation): violation.description
            }
        }
    }

    /// Where the problem is; the root for malformed JSON.
    public var path: JSONPath
    /// What was wrong.
    public var reason: Reason
    /// For a limit breached in JSON text, where the parse stopped. `nil` for a body that was not
    /// text, and for every other reason: ``description`` reads the same from every transport, and
    /// malformed JSON carries its place in ``Reason/malformedJSON(_:at:)``.
    public var textPosition: JSONTextPosition?

    /// An error at a path.
    public init(path: JSONPath, reason: Reason, textPosition: JSONTextPosition? = nil) {
        self.path = path
        self.reason = reason
        self.textPosition = textPosition
    }

    /// `PATH: REASON`, such as `$.url: expected a string, found a number`.
    public var description: String { "\(path): \(reason)" }
}

extension JSONError {
    /// Any error thrown while decoding, as a `JSONError`: Codable types throw `DecodingError`
    /// (from custom `init(from:)`) and occasionally errors of their own.
    @usableFromInline
    init(wrapping error: any Error) {
        switch error {
        case let error as JSONError:
            self = error
        case let error as DecodingError:
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .keyNotFound(_, let context):
                // A container's own failure, as the model saw it: the package's error again.
                if let inner = context.underlyingError as? JSONError {
                    self = inner
                    return
                }
            @unknown default:
                break
            }
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                self.init(path: JSONPath(codingPath: context.codingPath), reason: .invalidValue(context.debugDescription))
            case .keyNotFound(let key, let context):
                self.init(path: JSONPath(codingPath: context.codingPath + [key]), reason: .missingKey)
            @unknown default:
                self.init(path: .root, reason: .invalidValue(String(describing: error)))
            }
        default:
            self.init(path: .root, reason: .invalidValue(String(describing: error)))
        }
    }
}

extension JSONError {
    /// This error as the `DecodingError` a model's own `init(from:)` met (the kind `JSONDecoder`
    /// throws, at the same coding path), with this error as its underlying one.
    public var decodingError: DecodingError { decodingError(Any.self) }

    /// This error as `JSONDecoder` would report it to a model reading a `type`: a missing key as
    /// `keyNotFound` at its container, `null` or a missing element as `valueNotFound`, another
    /// kind as `typeMismatch`, anything else as `dataCorrupted`; this error is the underlying one.
    @usableFromInline
    func decodingError(_ type: Any.Type) -> DecodingError {
        let keys = path.codingKeys
        let context = DecodingError.Context(codingPath: keys, debugDescription: description, underlyingError: self)
        switch reason {
        case .missingKey:
            guard let key = keys.last else { return .dataCorrupted(context) }
            return .keyNotFound(
                key, DecodingError.Context(codingPath: keys.dropLast(), debugDescription: description, underlyingError: self))
        case .typeMismatch(_, found: .null), .missingElement: return .valueNotFound(type, context)
        case .typeMismatch: return .typeMismatch(type, context)
        default: return .dataCorrupted(context)
        }
    }
}

extension JSONError {
    /// This error one step further from the root: found at `step` of a container. The size
    /// limit is the whole body's, so it stays at the root.
    func prepending(_ step: JSONPath.Component) -> JSONError {
        if case .tooLarge = reason { return self }
        var error = self
        error.path.components.insert(step, at: 0)
        return error
    }
}

extension JSONError {
    /// Where the text stopped being JSON and why, as the command-line tool prints it:
    /// `line 1, column 4: found ']' where a value was expected`, or the reason after the position
    /// a limit was breached at.
    package var positionedDescription: String {
        switch reason {
        case .malformedJSON(let syntax, let position): "\(position): \(syntax)"
        default: (textPosition.map { "\($0): " } ?? "") + reason.description
        }
    }
}

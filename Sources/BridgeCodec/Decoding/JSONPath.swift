/// Where in a JSON document a value sits, written `$.a.b[2]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a container.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element, zero-based.
        case index(Int)

        /// Whether both are keys with the same code units (as a ``JSONObject`` tells its keys
        /// apart), or the same index.
        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let left), .key(let right)): left.hasSameCodeUnits(as: right)
            case (.index(let left), .index(let right)): left == right
            default: false
            }
        }

        /// Hashes what ``==(_:_:)`` compares.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key):
                hasher.combine(0)
                key.hashCodeUnits(into: &hasher)
            case .index(let index):
                hasher.combine(1)
                hasher.combine(index)
            }
        }
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// The path with the given steps; `JSONPath()` is the root, `$`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The root, `$`. Computed, not stored: every decode starts here, and a stored global is
    /// reached through a lazy-initialisation check each time.
    public static var root: JSONPath { JSONPath() }

    /// This path extended by one member key.
    public func appending(key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// This path extended by one array index.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `$.a.b[2]`; keys that are not plain identifiers are written `$["a b"]`.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key) && key.utf8.count <= 64:
                text += "." + key
            case .key(let key):
                text += "[" + Escaper.logString(key) + "]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                true
            default: false
            }
        }
    }
}

extension JSONPath {
    /// The path of a Codable coding path: integer keys are array indices.
    /// The path a `Decoder` or `Encoder` is at (its `codingPath`): what a model's own
    /// `init(from:)` passes to the ``JSONError`` it throws.
    public init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in key.intValue.map(Component.index) ?? .key(key.stringValue) })
    }
}

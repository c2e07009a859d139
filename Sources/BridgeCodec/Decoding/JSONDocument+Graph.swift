/// A graph of values that is not JSON text: what one step of the walk reads of a value.
///
/// One walk (``JSONDocument/init(walking:of:limits:urlPolicy:dates:)``) serves every graph, so
/// that each is checked against the limits as its text would be, with the same errors at the
/// same paths: a Foundation object graph, and the tokens of a body posted over WebKit as an
/// object, read as the graph WebKit hands over for it.
protocol WalkedGraph {
    associatedtype Value
    associatedtype Key
    associatedtype Elements: Sequence<Value>
    associatedtype Members: Sequence where Members.Element == (key: Key, value: Value)

    /// Reads `value`, `depth` containers below the root: a scalar is checked against `budget`
    /// and written to `builder`, and `nil` returned; a container's contents are returned for the
    /// walk to enter.
    func read(
        _ value: Value, depth: Int, budget: inout StructureBudget, into builder: inout JSONDocument.Builder
    ) throws(JSONError) -> WalkedContainer<Elements, Members>?

    /// Checks `key` against `budget` and writes it to `builder`.
    func write(key: Key, budget: inout StructureBudget, into builder: inout JSONDocument.Builder) throws(JSONError)

    /// `key` as an error's path names it.
    func text(of key: Key) -> String
}

/// An array or an object of a graph, as the walk enters it.
enum WalkedContainer<Elements, Members> {
    case array(count: Int, Elements)
    case object(count: Int, Members)
}

extension JSONDocument {
    /// The document of a Foundation object graph or a `JSONValue`, checked against `limits` and
    /// converted in one walk: what ``JSONValue/init(foundationObject:limits:)`` accepts, and the
    /// same errors. A structured body meets the bounds text meets.
    @usableFromInline
    convenience init(
        converting object: Any, limits: JSONLimits, urlPolicy: URLPolicy?, dates: StrictJSONDecoder.DateDecodingStrategy
    ) throws(JSONError) {
        try self.init(walking: object, of: FoundationGraph(), limits: limits, urlPolicy: urlPolicy, dates: dates)
    }

    /// The document of `root` in `graph`, each value checked against `limits` and written as
    /// the walk meets it.
    convenience init<Graph: WalkedGraph>(
        walking root: Graph.Value, of graph: Graph, limits: JSONLimits, urlPolicy: URLPolicy?,
        dates: StrictJSONDecoder.DateDecodingStrategy
    ) throws(JSONError) {
        var builder = Builder()
        try StructureBudget.walking(limits) { budget throws(JSONError) in
            try Self.walk(root, of: graph, depth: 0, budget: &budget, into: &builder)
        }
        self.init(builder, urlPolicy: urlPolicy, dates: dates)
    }

    /// `value`, `depth` containers below the root, checked against `budget` and written.
    ///
    /// The budget's size also bounds the walk: a graph can hold one array or dictionary in many
    /// places, and each place is charged as its text would be. An error's path is built as it
    /// unwinds, so a walk that succeeds builds none.
    private static func walk<Graph: WalkedGraph>(
        _ value: Graph.Value, of graph: Graph, depth: Int, budget: inout StructureBudget, into builder: inout Builder
    ) throws(JSONError) {
        switch try graph.read(value, depth: depth, budget: &budget, into: &builder) {
        case nil:
            return
        case .array(let count, let elements):
            let inner = try budget.array(count: count, depth: depth)
            let position = builder.open(.array, count: count)
            var index = 0
            for element in elements {
                do {
                    try walk(element, of: graph, depth: inner, budget: &budget, into: &builder)
                } catch {
                    throw error.prepending(.index(index))
                }
                index += 1
            }
            builder.close(position)
        case .object(let count, let members):
            let inner = try budget.object(count: count, depth: depth)
            let position = builder.open(.object, count: count)
            for (key, member) in members {
                try graph.write(key: key, budget: &budget, into: &builder)
                do {
                    try walk(member, of: graph, depth: inner, budget: &budget, into: &builder)
                } catch {
                    throw error.prepending(.key(graph.text(of: key)))
                }
            }
            builder.close(position)
        }
    }
}

/// A Foundation object graph (or a `JSONValue`, walked as the graph it stands for), each object
/// identified by its type as the walk meets it (``FoundationValue``).
struct FoundationGraph: WalkedGraph {
    func read(
        _ object: Any, depth: Int, budget: inout StructureBudget, into builder: inout JSONDocument.Builder
    ) throws(JSONError) -> WalkedContainer<[Any], FoundationValue.Members>? {
        let value = try FoundationValue(object)
        if let identity = value.instance { try budget.enterInstance(identity, depth: depth) }
        switch value {
        case .null:
            try budget.null()
            builder.null()
        case .bool(let bool):
            try budget.bool(bool)
            builder.bool(bool)
        case .number(let number):
            try budget.number(fewestBytes: number.text.utf8.count)
            builder.number(number)
        case .string(let string):
            try budget.string(utf8Count: string.utf8.count)
            builder.string(string)
        case .array(let elements, _): return .array(count: elements.count, elements)
        case .object(let dictionary): return .object(count: dictionary.count, .dictionary(dictionary))
        case .members(let members, _): return .object(count: members.count, .list(members))
        }
        return nil
    }

    // A dictionary's keys are unique by its own equality, which is as fine as code units or coarser.
    func write(key: String, budget: inout StructureBudget, into builder: inout JSONDocument.Builder) throws(JSONError) {
        try budget.key(utf8Count: key.utf8.count)
        builder.string(key)
    }

    func text(of key: String) -> String { key }
}

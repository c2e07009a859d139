/// A place in JSON text: a one-based line and a one-based column counted in Unicode scalars,
/// as an editor shows them.
public struct JSONTextPosition: Sendable, Hashable, CustomStringConvertible {
    /// One-based line number.
    public var line: Int
    /// One-based column, counted in Unicode scalars.
    public var column: Int

    /// A position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}

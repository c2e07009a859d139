/// A place in JSON text: a one-based line and a one-based column counted in Unicode scalars,
/// as an editor shows them, and the zero-based byte offset.
public struct JSONTextPosition: Sendable, Hashable, CustomStringConvertible {
    /// One-based line number.
    public var line: Int
    /// One-based column, counted in Unicode scalars.
    public var column: Int
    /// Zero-based offset of the byte, in the text's UTF-8; the text's length where it ended early.
    public var offset: Int

    /// A position at `line` and `column`, `offset` bytes into the text.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}

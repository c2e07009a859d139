/// A body that is one JSON string without escapes, as Swedbank Pay's `completed` status is
/// (`"success"`), read in one scan.
///
/// The scan is the parser's own check of such a document (printable ASCII other than `"` and
/// `\` between two quotes); the document set-up and the model's read are skipped. Any other
/// text gets `nil` and takes the full path, which gives the same result and alone reports errors.
enum PlainStringBody {
    /// The string `text` holds, when it is such a body within `limits`.
    static func string(in text: String, limits: JSONLimits) -> String? {
        text.withUTF8Bytes { bytes in
            JSONParser.plainStringDocument(bytes, limits: limits).map { $0.string(in: bytes) }
        }
    }
}

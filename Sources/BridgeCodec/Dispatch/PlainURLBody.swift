/// A body that is one JSON string holding a plain `https` URL, as Branch's request to open
/// Plaid Hosted Link is (`"https://…"`), read in one scan.
///
/// The URL characters ``URLPolicy`` allows leave out `"`, `\`, control bytes and every byte
/// from 0x80 up, so text that is a quote, bytes the policy passes as a plain `https://host/…`
/// URL, and a quote is a JSON string without escapes whose value is those bytes. The URL check
/// then proves the JSON valid, and the parser's scan of the same bytes, the document set-up
/// and the model's read are skipped. Any other text gets `nil` and takes the full path, which
/// gives the same result and alone reports errors.
enum PlainURLBody {
    /// The URL `text` holds, when it is such a body within `limits` that `policy` passes.
    static func url(in text: String, limits: JSONLimits, policy: URLPolicy) -> String? {
        text.withUTF8Bytes { bytes in
            guard let content = JSONParser.quotedDocumentContent(bytes, limits: limits), policy.passesAsPlainHTTPS(content)
            else { return nil }
            return String(decoding: content, as: UTF8.self)
        }
    }
}

extension String {
    /// `bytes` as a string when they are well-formed UTF-8; `nil` otherwise, never repaired.
    ///
    /// What the standard library's `String(validating:as:)` does, which Apple platforms have only
    /// from iOS 18 and macOS 15: this package supports older systems (see `Package.swift`).
    package init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput:
                self = String(decoding: bytes, as: UTF8.self)
                return
            case .error: return nil
            }
        }
    }
}

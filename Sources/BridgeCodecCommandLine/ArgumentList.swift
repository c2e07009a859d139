import BridgeCodec

/// Hand-written argument handling: `--name value`, `--name=value`, flags, positionals and `--`.
struct ArgumentList {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// A usage error with its message, or an input the command could not read.
    struct UsageError: Error {
        let message: String
        /// Whether pointing at `--help` helps: not when a file could not be read.
        var showsHelp = true
    }

    /// Splits `arguments`; `valueOptions` take a value, `flagOptions` do not. `-` alone is a positional (stdin).
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String> = []) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            // On bytes: `=` and a combining mark after it are one Character, which is not `=`.
            if let equals = argument.utf8.firstIndex(of: UInt8(ascii: "=")) {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.utf8.index(after: equals)...])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value")
                }
                guard options[name] == nil else { throw UsageError(message: "\(name) given twice") }
                options[name] = value
            } else {
                throw UsageError(message: "unknown option \(name)")
            }
        }
    }

    /// The comma-separated values of option `name`, empty ones dropped; none when it is absent.
    func commaSeparated(_ name: String) -> [String] {
        commaSeparatedIfGiven(name) ?? []
    }

    /// The comma-separated values of option `name`, empty ones dropped; `nil` when it is absent,
    /// which an option such as `--message-origins` tells from an empty list.
    /// Split on the `,` byte: a combining mark after a comma makes one Character with it.
    func commaSeparatedIfGiven(_ name: String) -> [String]? {
        options[name].map { value in value.utf8.split(separator: UInt8(ascii: ",")).map { String(Substring($0)) } }
    }

    /// The value of integer option `name`, which must lie in `range`, or `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(UsageError) -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(name) must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The value of a positive integer option, or `defaultValue` when absent.
    func positiveInteger(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "\(name) must be a positive integer, not '\(text)'")
        }
        return value
    }
}

extension InvalidArgument {
    /// The refusal with the command-line option in place of the library's parameter name:
    /// `--max-depth is 0; it must be from 1 to 512`.
    func described(as option: String) -> String {
        option + String(description.dropFirst(name.count))
    }
}

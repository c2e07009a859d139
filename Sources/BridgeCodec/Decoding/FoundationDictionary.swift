import Foundation

/// An `NSDictionary` of the graph (what WKWebView hands over on Apple platforms), as the walk
/// and the model read it: its members in its own order, and a member by its key's bytes.
///
/// How it is read differs by platform because the two Foundations differ in cost. Apple's
/// enumerates its storage and finds a short ASCII key (a tagged pointer once bridged) by its
/// own hash, so the dictionary is read where it is. swift-corelibs-foundation's enumeration
/// looks every key up again, and every lookup bridges the key, hashes it, compares it as
/// UTF-16 and unwraps the value through a protocol cast: a few thousand instructions a member.
/// There the keys and values are read once, as two arrays from its storage, and a member is
/// found by comparing key bytes, as for a Swift dictionary. (Only the second is built and
/// tested by this project's CI, which runs on Linux.)
struct FoundationDictionary {
    #if canImport(Darwin)
        private let dictionary: NSDictionary

        /// `dictionary`, read where it is.
        init(_ dictionary: NSDictionary) throws(JSONDecodeError) {
            self.dictionary = dictionary
        }

        /// How many members the dictionary has.
        var count: Int { dictionary.count }

        /// Calls `body` with each member in the dictionary's order; a key that is not a string
        /// is an error at the dictionary.
        func forEachMember(_ body: (String, Any) throws(JSONDecodeError) -> Void) throws(JSONDecodeError) {
            for (key, value) in dictionary { try body(try Self.string(key), value) }
        }

        /// The value of the member whose key has the code units `key`; `nil` when absent.
        func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Any? {
            // Found by hash and `isEqual:`, which for strings compares UTF-16 code units: the
            // same keys as comparing UTF-8 bytes.
            dictionary.object(forKey: String(decoding: key, as: UTF8.self))
        }
    #else
        /// The keys, each found to be a string when the dictionary was read, and the values in
        /// the same order.
        private let keys: [String]
        private let values: [Any]

        /// `dictionary`'s members, read once; a key that is not a string is an error here.
        init(_ dictionary: NSDictionary) throws(JSONDecodeError) {
            // For the two concrete classes, `allKeys` and `allValues` copy the keys and values
            // views of one Swift dictionary, which list its members in the same order. Any
            // other subclass is enumerated, which pairs each key with its value.
            var storedKeys: [Any] = []
            var storedValues: [Any] = []
            if type(of: dictionary) == NSDictionary.self || type(of: dictionary) == NSMutableDictionary.self {
                storedKeys = dictionary.allKeys
                storedValues = dictionary.allValues
            } else {
                for (key, value) in dictionary {
                    storedKeys.append(key)
                    storedValues.append(value)
                }
            }
            var keys: [String] = []
            keys.reserveCapacity(storedKeys.count)
            for (index, key) in storedKeys.enumerated() {
                keys.append(try Self.string(key))
                switch Self.kind(of: storedValues[index]) {
                case .string(let string):
                    // Bridged once, here: the walk and the model then both read a Swift string.
                    storedValues[index] = string
                case .identifiable: break
                case .boxed:
                    // A Swift value without a Foundation class (a custom struct, say), which
                    // only `object(forKey:)` unwraps, so that an error names its type.
                    if let unboxed = dictionary.object(forKey: key) { storedValues[index] = unboxed }
                }
            }
            self.keys = keys
            self.values = storedValues
        }

        /// How many members the dictionary has.
        var count: Int { keys.count }

        /// Calls `body` with each member in the dictionary's order.
        func forEachMember(_ body: (String, Any) throws(JSONDecodeError) -> Void) throws(JSONDecodeError) {
            for index in keys.indices { try body(keys[index], values[index]) }
        }

        /// The value of the member whose key has the code units `key`; `nil` when absent.
        func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Any? {
            guard let index = keys.firstIndex(where: { $0.hasCodeUnits(key) }) else { return nil }
            return values[index]
        }

        /// What the dictionary's storage holds for one member.
        private enum StoredValue {
            /// An `NSString`, as the Swift string it bridges to.
            case string(String)
            /// A Swift value, or an instance of another class ``FoundationValue`` identifies.
            case identifiable
            /// A Swift value Foundation boxed.
            case boxed
        }

        private static func kind(of value: Any) -> StoredValue {
            // Opened, the class is read from the instance: asked of the `Any`, the runtime
            // first looks through the `AnyObject` it holds.
            func opened<Value>(_ value: Value) -> StoredValue {
                guard Value.self is AnyClass || Value.self == AnyObject.self else { return .identifiable }
                let object = unsafeBitCast(value, to: AnyObject.self)
                switch FoundationValue.FoundationClass(of: object) {
                case .string: return .string(unsafeDowncast(object, to: NSString.self) as String)
                case .some: return .identifiable
                case nil: return .boxed
                }
            }
            return opened(value)
        }
    #endif

    /// `key` as a string, or an error at the dictionary.
    private static func string(_ key: Any) throws(JSONDecodeError) -> String {
        // Keys are NSStrings, identified as any value is, by comparing types: the runtime's
        // casts (`as? NSString`, or through AnyHashable) cost more than the member's value.
        if case .scalar(.string(let string))? = try? FoundationValue(key) { return string }
        let unwrapped = (key as? AnyHashable)?.base ?? key
        guard let string = unwrapped as? String else { throw FoundationValue.Object.nonStringKey(unwrapped) }
        return string
    }
}

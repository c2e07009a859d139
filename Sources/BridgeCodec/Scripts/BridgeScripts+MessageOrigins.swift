extension BridgeScripts {
    /// `entries` as a snippet's `messageOrigins` (the frames whose `MessageEvent.origin` it
    /// accepts), each read as an ``OriginPattern``: an origin such as `https://pay.example`, or
    /// `https://*.pay.example` for every subdomain, written as the browser serializes it (ASCII
    /// lowercase, a Unicode host in its `xn--` form). Throws for an entry no frame's origin could
    /// equal (a path, a trailing `/`, a default port), which would drop every message.
    public static func messageOrigins(_ entries: [String]) throws(InvalidArgument) -> JSONValue {
        var serialized: [JSONValue] = []
        for entry in entries { serialized.append(.string(try OriginPattern(entry).description)) }
        return .array(serialized)
    }
}

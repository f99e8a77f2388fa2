/// Parsing of the request `Cookie` header (RFC 6265 §5.4).
public enum Cookie {
    /// The name–value pairs of one or more `Cookie` header values; the first of a repeated name wins,
    /// pairs without `=` or with an empty name are ignored, and a double-quoted value is unquoted.
    ///
    /// The header is split on its bytes, not on `Character`s: a `;` or `=` followed by a combining mark is one
    /// grapheme cluster to `String`, which would otherwise hide the separator (found by the cookie fuzzer).
    public static func parse(_ headerValues: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        forEachPair(in: headerValues) { name, value in
            let name = String(decoding: name, as: UTF8.self)
            if cookies[name] == nil { cookies[name] = String(decoding: value, as: UTF8.self) }
            return false
        }
        return cookies
    }

    /// The value `parse` gives the cookie called `name`, found without reading the others: a request looks up its
    /// few cookies by name (the session's, the form token's, the language's), and each lookup reading every pair into
    /// a dictionary cost more than the rest of reading the request's head.
    public static func value(named name: String, in headerValues: [String]) -> String? {
        var found: String?
        forEachPair(in: headerValues) { pairName, value in
            guard pairName.elementsEqual(name.utf8) else { return false }
            found = String(decoding: value, as: UTF8.self)
            return true
        }
        return found
    }

    /// Calls `body` with each pair's trimmed, non-empty name and its value (unquoted) in order, until it returns
    /// `true`.
    private static func forEachPair(
        in headerValues: [String], _ body: (Substring.UTF8View, Substring.UTF8View) -> Bool
    ) {
        for headerValue in headerValues {
            var rest = headerValue[...].utf8
            while !rest.isEmpty {
                let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                let pair = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = trimmingSpaces(pair[..<equals])
                guard !name.isEmpty else { continue }
                var value = trimmingSpaces(pair[pair.index(after: equals)...])
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                if body(name, value) { return }
            }
        }
    }

    /// `bytes` without the spaces and tabs at either end.
    private static func trimmingSpaces(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }
}

/// Parsing of the request `Cookie` header (RFC 6265 §5.4).
public enum Cookie {
    /// The name–value pairs of one or more `Cookie` header values; the first of a repeated name wins,
    /// pairs without `=` or with an empty name are ignored, and a double-quoted value is unquoted.
    ///
    /// The header is split on its bytes, not on `Character`s: a `;` or `=` followed by a combining mark is one
    /// grapheme cluster to `String`, which would otherwise hide the separator (found by the cookie fuzzer).
    public static func parse(_ headerValues: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for headerValue in headerValues {
            for pair in headerValue.utf8.split(separator: UInt8(ascii: ";")) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = String(decoding: trimmingSpaces(pair[..<equals]), as: UTF8.self)
                guard !name.isEmpty, cookies[name] == nil else { continue }
                var value = trimmingSpaces(pair[pair.index(after: equals)...])
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                cookies[name] = String(decoding: value, as: UTF8.self)
            }
        }
        return cookies
    }

    /// `bytes` without the spaces and tabs at either end.
    private static func trimmingSpaces(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }
}

/// Parsing of the request `Cookie` header (RFC 6265 §5.4).
public enum Cookie {
    /// The name–value pairs of one or more `Cookie` header values; the first of a repeated name wins,
    /// pairs without `=` or with an empty name are ignored, and a double-quoted value is unquoted.
    public static func parse(_ headerValues: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for headerValue in headerValues {
            for pair in headerValue.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingSpaces
                guard !name.isEmpty, cookies[String(name)] == nil else { continue }
                var value = pair[pair.index(after: equals)...].trimmingSpaces
                if value.count >= 2, value.first == "\"", value.last == "\"" {
                    value = value.dropFirst().dropLast()
                }
                cookies[String(name)] = String(value)
            }
        }
        return cookies
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}

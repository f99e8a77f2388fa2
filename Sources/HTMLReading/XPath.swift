/// Helpers for building XPath 1.0 expressions from user text.
public enum XPath {
    /// `text` as an XPath string literal. XPath 1.0 has no escapes, so a string holding both kinds of quote is
    /// written as a `concat(…)` of pieces.
    public static func literal(_ text: String) -> String {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        let pieces = text.split(separator: "'", omittingEmptySubsequences: false).map { "'\($0)'" }
        return "concat(" + pieces.joined(separator: ", \"'\", ") + ")"
    }
}

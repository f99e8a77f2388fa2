extension String {
    /// `text` made safe inside HTML or XML text and quoted attribute values: `& < > " '` become character
    /// references (the same ones swift-mustache writes).
    public static func htmlEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { characterReference(for: $0) != nil }) else { return text }  // no copy
        var result = ""
        result.appendHTMLEscaped(text)
        return result
    }

    /// Appends `text` made safe as `htmlEscaped` makes it. Only the five ASCII bytes are looked for, and the runs of
    /// text between them are copied whole: most texts (names, paths, coordinates) have none.
    mutating func appendHTMLEscaped(_ text: String) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        while let special = utf8[start...].firstIndex(where: { Self.characterReference(for: $0) != nil }) {
            // An ASCII byte always starts a character, so its index is a valid `String.Index`.
            append(contentsOf: text[start..<special])
            append(Self.characterReference(for: utf8[special])!)
            start = utf8.index(after: special)
        }
        append(contentsOf: text[start...])
    }

    private static func characterReference(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}

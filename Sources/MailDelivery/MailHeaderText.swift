/// Header fields written so that nothing a caller passes can start another header: control characters become
/// spaces, text that is not plain printable ASCII becomes RFC 2047 encoded-words (`=?UTF-8?B?…?=`, each of whole
/// characters), and lines are folded at 78 characters where possible (never past 998).
enum MailHeaderText {
    /// Where a header line is folded when it can be.
    static let foldAt = 78
    /// The longest encoded-word RFC 2047 allows.
    static let longestEncodedWord = 75

    /// `text` with every control character (C0, DEL, C1: CR, LF, NUL, tab, …) replaced by a space: the rule every
    /// header value follows.
    static func withoutControlCharacters(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// RFC 5322's `atext`: what a dot-atom is made of besides dots.
    static func isAtext(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-/=?^_`{|}~".utf8.contains(byte)
        }
    }

    /// An unstructured field (`Subject`), ending with CRLF.
    static func unstructured(_ name: String, _ value: String) -> String {
        let clean = withoutControlCharacters(value)
        if isPlain(clean, longestWord: foldAt - 2) {
            return folded(name, clean.split(separator: " ").map(String.init))
        }
        return folded(name, encodedWords(clean, firstLineUsed: name.utf8.count + 1))
    }

    /// An address field (`From`, `To`): the display name, plain and quoted or as encoded-words, then `<address>`.
    static func address(_ name: String, _ mailbox: MailAddress) -> String {
        let bracketed = "<\(mailbox.address)>"
        guard let displayName = mailbox.displayName.map(withoutControlCharacters) else {
            return folded(name, [bracketed])
        }
        let isQuotable = !displayName.contains("\"") && !displayName.contains("\\") && displayName.utf8.count <= 60
        if isQuotable && isPlain(displayName, longestWord: 60) {
            return folded(name, ["\"\(displayName)\"", bracketed])
        }
        return folded(name, encodedWords(displayName, firstLineUsed: name.utf8.count + 1) + [bracketed])
    }

    /// Whether `text` can be written as it is: printable ASCII, one space between words, none at either end, nothing
    /// that looks like an encoded-word, and no word too long for a line.
    private static func isPlain(_ text: String, longestWord: Int) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.hasPrefix(" ") && !text.hasSuffix(" ")
            && !text.contains("  ") && !text.contains("=?")
            && text.split(separator: " ").allSatisfy { $0.utf8.count <= longestWord }
    }

    /// `name: token token…` with CRLF, folded before a token that would take the line past `foldAt`.
    private static func folded(_ name: String, _ tokens: [String]) -> String {
        var field = name + ":"
        var lineLength = field.utf8.count
        var tokensOnLine = 0
        for token in tokens {
            if tokensOnLine > 0 && lineLength + 1 + token.utf8.count > foldAt {
                field += "\r\n"
                lineLength = 0
                tokensOnLine = 0
            }
            field += " " + token
            lineLength += 1 + token.utf8.count
            tokensOnLine += 1
        }
        return field + "\r\n"
    }

    /// `text` as base64 encoded-words of whole characters, the first sized to fit after `firstLineUsed` characters
    /// and a space, the others on lines of their own.
    static func encodedWords(_ text: String, firstLineUsed: Int) -> [String] {
        let overhead = "=?UTF-8?B??=".utf8.count
        func capacity(_ room: Int) -> Int { max(0, (min(room, longestEncodedWord) - overhead) / 4 * 3) }
        var words: [[UInt8]] = []
        var chunk: [UInt8] = []
        var limit = capacity(foldAt - firstLineUsed - 1)
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > limit {
                if !chunk.isEmpty { words.append(chunk) }
                chunk = []
                limit = capacity(foldAt - 1)
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Base64.encode($0))?=" }
    }
}

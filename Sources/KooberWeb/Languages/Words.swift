import Foundation
import KooberKit

/// One language's words, read once at start-up from `Templates/words/<tag>.words`: a file a translator can read,
/// one `key = text` a line (`#` starts a comment). A text is plain text; `{name}` in it is a placeholder, filled by
/// Koober (in a template, by the value of `name` where the word stands). A word that counts has a key per plural
/// category of its language (`PluralCategory`): `ride.minutes.one = {count} minute`.
public struct Words: Sendable {
    /// Why a catalogue could not be read: the message names the file and line.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    public let language: Language
    /// Every word by its key.
    let entries: [String: String]

    init(language: Language, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// The catalogue `text` of `file`; throws naming the line that is not `key = text` or repeats a key.
    init(language: Language, text: String, file: String) throws(LoadError) {
        var entries: [String: String] = [:]
        // "\r\n" is one `Character`: a catalogue saved with Windows line endings splits at it too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            guard let separator = line.range(of: " = ") else {
                throw LoadError(description: "\(file):\(index + 1) is not `key = text`")
            }
            let key = String(line[..<separator.lowerBound])
            let text = String(line[separator.upperBound...])
            guard Self.isKey(key), !text.isEmpty else {
                throw LoadError(description: "\(file):\(index + 1) is not `key = text`")
            }
            guard entries.updateValue(text, forKey: key) == nil else {
                throw LoadError(description: "\(file):\(index + 1) repeats the key \(key)")
            }
        }
        self.init(language: language, entries: entries)
    }

    /// Every language's catalogue in `directory` (`<directory>/<tag>.words`).
    static func load(directory: String) throws(LoadError) -> [Language: Words] {
        var catalogues: [Language: Words] = [:]
        for language in Language.allCases {
            let file = "\(directory)/\(language.tag).words"
            guard let data = FileManager.default.contents(atPath: file),
                let text = String(validating: data, as: UTF8.self)
            else {
                throw LoadError(description: "Words \(file) cannot be read as UTF-8 text")
            }
            catalogues[language] = try Words(language: language, text: text, file: file)
        }
        return catalogues
    }

    /// Dotted segments of ASCII letters and digits.
    static func isKey(_ key: String) -> Bool {
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        return !segments.isEmpty
            && segments.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The word `key` with its placeholders filled from `values` (a placeholder without a value stays as it is);
    /// the key itself when the catalogue lacks it (`WordCatalogueTests` checks that every key Koober's code names
    /// is in every catalogue).
    public func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard let text = entries[key] else { return key }
        return values.isEmpty ? text : Self.filling(text) { name in values.first(where: { $0.key == name })?.value }
    }

    /// The form of the counting word `key` for `count` (its plural category in this language), with `{count}` (the
    /// number's digits, unless `values` writes it otherwise) and the other placeholders filled.
    public func counting(_ key: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let category = PluralCategory(count, in: language)
        let text = entries["\(key).\(category.rawValue)"] ?? entries["\(key).other"] ?? key
        return Self.filling(text) { name in
            values.first(where: { $0.key == name })?.value ?? (name == "count" ? String(count) : nil)
        }
    }

    /// `text` with each placeholder whose name `value` knows replaced, in one pass: a value is never read for
    /// placeholders of its own (a rider's name may hold braces).
    static func filling(_ text: String, _ value: (Substring) -> String?) -> String {
        var next = nextPlaceholder(in: text[...])
        guard next != nil else { return text }  // nothing to fill: no copy
        var filled = ""
        var rest = text[...]
        while let (open, name, close) = next {
            if let replacement = value(name) {
                filled += rest[..<open]
                filled += replacement
            } else {
                filled += rest[..<close]
            }
            rest = rest[close...]
            next = nextPlaceholder(in: rest)
        }
        filled += rest
        return filled
    }

    /// The placeholders `{name}` of a text, in order.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let (_, name, close) = nextPlaceholder(in: rest) {
            if isPlaceholderName(name) { names.append(String(name)) }
            rest = rest[close...]
        }
        return names
    }

    /// The first `{…}` in `text`: where its `{` is, the name between the braces, and where the text after its `}`
    /// starts. The braces are found among the UTF-8 bytes (both are ASCII, so each starts a character): comparing
    /// characters would normalise every one of a text written outside ASCII, which made a page in Chinese, Vietnamese
    /// or Arabic cost up to 7 % more than in English (docs/performance.md, "GET /ride in every language").
    private static func nextPlaceholder(in text: Substring) -> (open: String.Index, name: Substring, end: String.Index)?
    {
        let bytes = text.utf8
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        let after = bytes.index(after: open)
        guard let close = bytes[after...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
        return (open, text[after..<close], bytes.index(after: close))
    }

    /// A placeholder's name: ASCII letters, digits and dots (`{count}`, `{ride.from}`, `{.}`).
    static func isPlaceholderName(_ name: Substring) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
    }
}

import KooberKit
import MustacheRendering

/// Puts one language's words into a template's source before it is parsed, so a page's words are looked up once, at
/// start-up, not at each request: `{{words.signIn.title}}` becomes the word's text, HTML-escaped as the renderer
/// escapes a value (`String.htmlEscaped`), with each placeholder `{name}` turned back into `{{name}}` for the renderer
/// to fill where the word stands. `{{language.tag}}` and `{{language.direction}}` become the language's tag and `ltr`
/// or `rtl`; `{{language.start}}` and `{{language.end}}` the sides a line starts and ends at, `left` and `right` or the
/// other way round, for mail, whose readers do not all know CSS's logical properties (`padding-inline-start`).
/// A message's plain-text part (`escaping: false`) gets the words as they are, and its placeholders as `{{{name}}}`.
struct TemplateWords {
    /// Why a template cannot be bound: the key it names is in no catalogue.
    struct MissingWord: Error, CustomStringConvertible {
        let key: String
        var description: String { "it names the word \(key), which the catalogue lacks" }
    }

    let words: Words

    private var constants: [String: String] {
        let rightToLeft = words.language.isRightToLeft
        return [
            "language.tag": words.language.tag, "language.direction": rightToLeft ? "rtl" : "ltr",
            "language.start": rightToLeft ? "right" : "left", "language.end": rightToLeft ? "left" : "right",
        ]
    }

    /// `source` with every word and language constant in place.
    func bind(_ source: String, escaping: Bool) throws(MissingWord) -> String {
        var bound = ""
        var rest = source[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound]
            bound += rest[..<open.lowerBound]
            if name.hasPrefix("words.") {
                let key = String(name.dropFirst("words.".count))
                guard let text = words.entries[key] else { throw MissingWord(key: key) }
                bound += Self.templateText(text, escaping: escaping)
            } else if let constant = constants[String(name)] {
                bound += constant
            } else {
                bound += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        bound += rest
        return bound
    }

    /// A word as template source: escaped, its placeholders made Mustache variables.
    private static func templateText(_ text: String, escaping: Bool) -> String {
        let escaped = escaping ? String.htmlEscaped(text) : text
        return Words.filling(escaped) { name in
            guard Words.isPlaceholderName(name) else { return nil }
            return escaping ? "{{\(name)}}" : "{{{\(name)}}}"
        }
    }
}

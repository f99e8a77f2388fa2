import KooberKit
import Testing

@testable import KooberWeb

/// Words put into a template's source at start-up: escaped, their placeholders made Mustache variables.
@Suite struct TemplateWordsTests {
    private let binding = TemplateWords(
        words: Words(
            language: .english,
            entries: [
                "menu.fish": "Fish & chips <b>\"hot\"</b> for {name}'s",
                "menu.plain": "Plain",
                "menu.odd": "{a b} and {} for {ride.from}",
            ]))

    @Test func aWordIsEscapedAndItsPlaceholdersBecomeVariables() throws {
        #expect(
            try binding.bind("<p title=\"{{words.menu.fish}}\">", escaping: true)
                == "<p title=\"Fish &amp; chips &lt;b&gt;&quot;hot&quot;&lt;/b&gt; for {{name}}&#39;s\">")
        #expect(try binding.bind("{{words.menu.odd}}", escaping: true) == "{a b} and {} for {{ride.from}}")
    }

    @Test func aPlainTextPartGetsTheWordAsItIsAndUnescapedVariables() throws {
        #expect(
            try binding.bind("{{words.menu.fish}}\n", escaping: false)
                == "Fish & chips <b>\"hot\"</b> for {{{name}}}'s\n"
        )
    }

    @Test(arguments: Language.allCases)
    func theLanguagesTagDirectionAndSidesArePutIn(language: Language) throws {
        let binding = TemplateWords(words: Words(language: language, entries: [:]))
        let (direction, start, end) = language == .arabic ? ("rtl", "right", "left") : ("ltr", "left", "right")
        #expect(
            try binding.bind("<html lang=\"{{language.tag}}\" dir=\"{{language.direction}}\">", escaping: true)
                == "<html lang=\"\(language.tag)\" dir=\"\(direction)\">")
        #expect(
            try binding.bind("text-align:{{language.start}};padding-{{language.end}}:16px", escaping: true)
                == "text-align:\(start);padding-\(end):16px")
    }

    @Test func everyOtherTagIsLeftForTheRenderer() throws {
        let source =
            "{{<layout}}{{$title}}{{words.menu.plain}}{{/title}}{{#rides}}{{name}} {{{raw}}} {{>row}}{{/rides}}"
            + "{{^none}}{{! a comment }}{{/none}}{{language}} {{words}} {{/layout}} {{unclosed"
        #expect(
            try binding.bind(source, escaping: true)
                == "{{<layout}}{{$title}}Plain{{/title}}{{#rides}}{{name}} {{{raw}}} {{>row}}{{/rides}}"
                + "{{^none}}{{! a comment }}{{/none}}{{language}} {{words}} {{/layout}} {{unclosed")
        #expect(try binding.bind("{{words.menu.plain}}{{words.menu.plain}}", escaping: true) == "PlainPlain")
    }

    @Test func aWordTheCatalogueLacksIsRefusedByName() throws {
        let error = #expect(throws: TemplateWords.MissingWord.self) {
            try binding.bind("<h1>{{words.menu.plain}}</h1><p>{{words.menu.soup}}</p>", escaping: true)
        }
        #expect(error?.key == "menu.soup")
        #expect(error?.description.contains("menu.soup") == true)
    }
}

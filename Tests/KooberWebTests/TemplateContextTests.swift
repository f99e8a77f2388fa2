import Mustache
import Testing

@testable import KooberWeb

@Suite struct TemplateContextTests {
    enum Kind { case one }

    struct Option {
        let name: String
        let fare: Double
    }

    struct Page {
        let title: String
        let count: Int
        let shown: Bool
        let error: String?
        let note: String?
        let options: [Option]
        let kind: Kind
    }

    @Test func structsBecomeDictionariesOfTheirPropertiesNilOnesLeftOut() throws {
        let page = Page(title: "Hi", count: 3, shown: true, error: nil, note: "n",
                        options: [Option(name: "Wallabee", fare: 12.5)], kind: .one)
        let context = try #require(TemplateContext.make(page) as? [String: Any])
        #expect(Set(context.keys) == ["title", "count", "shown", "note", "options", "kind"])
        #expect(context["title"] as? String == "Hi")
        #expect(context["count"] as? Int == 3)
        #expect(context["shown"] as? Bool == true)
        #expect(context["note"] as? String == "n")
        #expect(context["kind"] as? Kind == .one)
        let options = try #require(context["options"] as? [Any])
        let option = try #require(options.first as? [String: Any])
        #expect(option["name"] as? String == "Wallabee")
        #expect(option["fare"] as? Double == 12.5)
    }

    @Test func templatesRenderTheSameFromTheContextAsFromTheValue() throws {
        // A nil property is looked up the context stack: an option without a note shows the page's.
        struct Line { let name: String; let note: String? }
        struct Sheet { let note: String; let shown: Bool; let hidden: Bool; let lines: [Line]; let missing: Line? }
        let template = try MustacheTemplate(
            string: "{{#shown}}S{{/shown}}{{^hidden}}H{{/hidden}}{{#lines}}[{{name}}:{{note}}]{{/lines}}{{#missing}}M{{/missing}}"
        )
        let sheet = Sheet(note: "page", shown: true, hidden: false,
                          lines: [Line(name: "a", note: nil), Line(name: "<b>", note: "own")], missing: nil)
        let expected = "SH[a:page][&lt;b&gt;:own]"
        #expect(template.render(sheet) == expected)
        #expect(template.render(TemplateContext.make(sheet)) == expected)
    }
}

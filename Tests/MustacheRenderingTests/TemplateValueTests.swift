import Mustache
import Testing

@testable import MustacheRendering

@Suite struct TemplateValueTests {
    struct Option: Encodable {
        let name: String
        let fare: Double
    }

    struct Page: Encodable {
        let title: String
        let count: Int
        let shown: Bool
        let error: String?
        let note: String?
        let options: [Option]
        let fieldErrors: [String: String]
    }

    @Test func structsBecomeObjectsOfTheirPropertiesNilOnesLeftOut() throws {
        let page = Page(
            title: "Hi",
            count: 3,
            shown: true,
            error: nil,
            note: "n",
            options: [Option(name: "Wallabee", fare: 12.5)],
            fieldErrors: ["email": "taken"]
        )
        guard case .object(let context) = TemplateValue(encoding: page) else {
            Issue.record("not an object")
            return
        }
        #expect(Set(context.keys) == ["title", "count", "shown", "note", "options", "fieldErrors"])
        #expect(context["title"].text == "Hi")
        #expect(context["count"].text == "3")
        #expect(context["shown"].flatMap { if case .bool(let bool) = $0 { bool } else { nil } } == true)
        #expect(context["note"].text == "n")
        guard case .list(let options)? = context["options"], case .object(let option)? = options.first else {
            Issue.record("options are not a list of objects")
            return
        }
        #expect(option["name"].text == "Wallabee")
        #expect(option["fare"].text == "12.5")
        #expect(context["fieldErrors"]?.value(at: ["email"]).text == "taken")
    }

    struct Widths: Encodable {
        let id: Int64
        let small: Int8
        let unsigned: UInt32
        let ratio: Float
        let ids: [Int64]
    }

    /// Every number type becomes its text: one left out (`Int64`, an id) recursed until the stack overflowed.
    @Test func numbersOfEveryWidthBecomeText() {
        let value = TemplateValue(
            encoding: Widths(id: 9_007_199_254_740_993, small: -8, unsigned: 42, ratio: 0.5, ids: [1, Int64.max]))
        guard case .object(let context) = value, case .list(let ids)? = context["ids"] else {
            Issue.record("not an object with a list of ids")
            return
        }
        #expect(context["id"].text == "9007199254740993")
        #expect(context["small"].text == "-8")
        #expect(context["unsigned"].text == "42")
        #expect(context["ratio"].text == "0.5")
        #expect(ids.map { Optional($0).text } == ["1", "9223372036854775807"])
    }

    @Test func templatesRenderTheSameFromTheEncodedValueAsSwiftMustacheFromTheValue() throws {
        // A nil property is looked up the context stack: an option without a note shows the page's.
        struct Line: Encodable { let name: String; let note: String? }
        struct Sheet: Encodable {
            let note: String; let shown: Bool; let hidden: Bool; let lines: [Line]; let missing: Line?
        }
        let text =
            "{{#shown}}S{{/shown}}{{^hidden}}H{{/hidden}}{{#lines}}[{{name}}:{{note}}]{{/lines}}{{#missing}}M{{/missing}}"
        let sheet = Sheet(
            note: "page",
            shown: true,
            hidden: false,
            lines: [Line(name: "a", note: nil), Line(name: "<b>", note: "own")],
            missing: nil
        )
        let expected = "SH[a:page][&lt;b&gt;:own]"
        #expect(try MustacheTemplate(string: text).render(sheet) == expected)
        let library = TemplateLibrary(["sheet": try Template(parsing: text)])
        #expect(library.render(TemplateValue(encoding: sheet), withTemplate: "sheet") == expected)
    }
}

private extension Optional<TemplateValue> {
    var text: String? {
        if case .text(let text)? = self { text } else { nil }
    }
}

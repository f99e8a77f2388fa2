import Mustache
import Testing

@testable import MustacheRendering

/// The template parser and renderer against swift-mustache, the reference: the same templates and the same
/// values give the same bytes, standalone lines, indentation and inheritance included.
@Suite struct TemplateLibraryTests {
    struct Item: Encodable {
        let name: String
        let note: String?
    }

    struct Page: Encodable {
        let title: String
        let shown: Bool
        let hidden: Bool
        let count: Int
        let items: [Item]
        let none: [Item]
        let item: Item?
        let missing: Item?
        let tags: [String]
    }

    static let page = Page(
        title: "Tom & \"Jerry\" <3 'us'",
        shown: true,
        hidden: false,
        count: 7,
        items: [Item(name: "a", note: nil), Item(name: "<b>", note: "own")],
        none: [],
        item: Item(name: "one", note: "n"),
        missing: nil,
        tags: ["x", "y"]
    )

    /// Both renderings of `name` from `templates`, ours and swift-mustache's.
    func render(_ templates: [String: String], _ name: String = "page") throws -> (ours: String?, reference: String?) {
        var ours = TemplateLibrary()
        var reference = MustacheLibrary()
        for (templateName, text) in templates {
            ours[templateName] = try Template(parsing: text)
            try reference.register(text, named: templateName)
        }
        return (
            ours.render(TemplateValue(encoding: Self.page), withTemplate: name),
            reference.render(Self.page, withTemplate: name)
        )
    }

    @Test(arguments: [
        "plain text, no tags\n",
        "{{title}}|{{{title}}}|{{&title}}|{{ title }}|{{count}}|{{shown}}|{{nothing}}",
        "{{#shown}}S{{/shown}}{{#hidden}}H{{/hidden}}{{^hidden}}not H{{/hidden}}{{^shown}}not S{{/shown}}",
        "{{#items}}[{{name}}:{{note}}:{{title}}]{{/items}}{{^items}}no items{{/items}}{{^none}}none{{/none}}{{#none}}x{{/none}}",
        "{{#item}}{{name}} {{note}}{{/item}}{{#missing}}M{{/missing}}{{^missing}}no M{{/missing}}",
        "{{item.name}}/{{item.note}}/{{missing.name}}/{{item.nope}}/{{#item}}{{item.name}}{{/item}}",
        "{{#tags}}<{{.}}>{{/tags}}",
        "a\n{{#shown}}\nshown\n{{/shown}}\nb\n  {{#hidden}}  \nhidden\n  {{/hidden}}\nc\n",
        "  {{#items}}\n  - {{name}}\n  {{/items}}\nend",
        "x {{#shown}}\ninline open\n{{/shown}} y\n",
        "{{! a comment }}\n  {{! a standalone comment }}  \ntext {{! inline }} more\n{{! last }}",
        "\r\n{{#shown}}\r\nwindows\r\n{{/shown}}\r\n",
        "{{#items}}{{#shown}}{{name}}{{/shown}}{{/items}}",
        "  {{title}}\n\t{{#shown}}tab{{/shown}}\n",
        "unterminated last line {{count}}",
    ])
    func templatesRenderAsSwiftMustacheRendersThem(template: String) throws {
        let (ours, reference) = try render(["page": template])
        #expect(ours == reference)
        #expect(ours != nil)
    }

    @Test func partialsIncludingTheirIndentation() throws {
        let templates = [
            "page": "start\n{{>line}}\n  {{>lines}}\n{{#items}}\n  {{>item}}\n{{/items}}\ninline {{>line}} end\n",
            "line": "a line",
            "lines": "one\ntwo\n{{#shown}}\nthree\n{{/shown}}\n",
            "item": "<{{name}}>\n{{#note}}note: {{.}}\n{{/note}}",
        ]
        let (ours, reference) = try render(templates)
        #expect(ours == reference)
        #expect(ours?.contains("  two\n") == true)
    }

    @Test func inheritanceFillsTheLayoutsBlocksAndKeepsItsDefaults() throws {
        let templates = [
            "layout":
                "<title>{{$title}}Default{{/title}}</title>\n<body>\n{{$content}}{{/content}}\n{{$footer}}footer{{/footer}}\n</body>\n",
            "card":
                "{{<layout}}\n{{$content}}\n<div>{{$inner}}inner default{{/inner}}</div>\n{{/content}}\n{{/layout}}\n",
            "page":
                "{{<card}}\n{{$title}}{{title}}{{/title}}\nignored text\n{{$inner}}\n{{#items}}{{name}},{{/items}}\n{{/inner}}\n{{/card}}\n",
        ]
        let (ours, reference) = try render(templates)
        #expect(ours == reference)
        #expect(ours?.contains("<title>Tom &amp; &quot;Jerry&quot; &lt;3 &#39;us&#39;</title>") == true)
        #expect(ours?.contains("ignored") == false)
    }

    @Test func aMissingTemplateRendersNothing() throws {
        #expect(TemplateLibrary().render(.object([:]), withTemplate: "nope") == nil)
    }

    @Test(arguments: [
        ("{{#open}}never closed", "{{/open}} is missing", 1, 1),
        ("line one\n  {{#a}}{{/b}}", "{{/b}} where {{/a}} was expected", 2, 9),
        ("{{/a}}", "{{/a}} closes nothing", 1, 1),
        ("x {{name", "Unfinished tag", 1, 3),
        ("{{! unclosed", "Unfinished comment", 1, 1),
        ("{{=<% %>=}}", "Set delimiters and pragmas are not supported", 1, 1),
        ("{{upper(name)}}", "Unfinished tag", 1, 1),
        ("{{>*dynamic}}", "Dynamic partials are not supported", 1, 1),
        ("{{.name}}", "The name .name has an empty part", 1, 1),
        ("{{}}", "A tag without a name", 1, 1),
        ("{{{name}}", "Expected }}}", 1, 1),
        ("{{<layout}}{{#x}}{{/x}}{{/layout}}", "Only {{$block}} overrides may stand inside {{<layout}}", 1, 24),
    ])
    func badTemplatesAreRefusedWithWhereTheTagIs(text: String, message: String, line: Int, column: Int) {
        #expect {
            try Template(parsing: text)
        } throws: { error in
            guard let error = error as? Template.ParseError else { return false }
            return error.message == message && error.line == line && error.column == column
        }
    }
}

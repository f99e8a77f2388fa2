import Foundation
import MustacheRendering
import Testing

/// A folder of `.mustache` files loaded as a library, and the partials its templates lack.
@Suite struct TemplateLibraryDirectoryTests {
    @Test func everyMustacheFileBecomesTheTemplateOfItsName() throws {
        let directory = try folder(with: [
            "page.mustache": "<h1>{{title}}</h1>\n{{>footer}}",
            "footer.mustache": "<footer>{{title}}</footer>\n",
            "notes.txt": "{{#not a template",
        ])
        let library = try TemplateLibrary(directory: directory)
        #expect(library["notes"] == nil)
        let html = library.render(.object(["title": .text("A & B")]), withTemplate: "page")
        #expect(html == "<h1>A &amp; B</h1>\n<footer>A &amp; B</footer>\n")
    }

    @Test func aTemplateThatDoesNotParseIsRefusedNamingTheFileLineAndColumn() throws {
        let directory = try folder(with: ["fine.mustache": "ok", "broken.mustache": "one\ntwo {{#open}}"])
        #expect {
            try TemplateLibrary(directory: directory)
        } throws: { error in
            "\(error)"
                == "Template \(directory)/broken.mustache does not parse: {{/open}} is missing at line 2, column 5"
        }
    }

    @Test func aFileThatIsNotUTF8IsRefusedNamingIt() throws {
        let directory = try folder(with: [:])
        try Data([0x66, 0xFF, 0x6F]).write(to: URL(fileURLWithPath: "\(directory)/latin.mustache"))
        #expect {
            try TemplateLibrary(directory: directory)
        } throws: { error in
            "\(error)" == "Template \(directory)/latin.mustache cannot be read as UTF-8 text"
        }
    }

    @Test func aFolderThatCannotBeListedGivesAnEmptyLibrary() throws {
        let library = try TemplateLibrary(directory: "/nonexistent/mustache-templates")
        #expect(library.render(.object([:]), withTemplate: "page") == nil)
    }

    @Test func missingPartialsAreListedByTemplateThenPartial() throws {
        var library = TemplateLibrary([
            "page": try Template(parsing: "{{>header}}{{<layout}}{{$content}}{{>row}}{{/content}}{{/layout}}"),
            "card": try Template(parsing: "{{>row}}"),
        ])
        #expect(
            library.missingPartials.map { "\($0.template) \($0.partial)" } == [
                "card row", "page header", "page layout", "page row",
            ]
        )
        library["header"] = Template(verbatim: "<header>")
        library["layout"] = try Template(parsing: "{{$content}}{{/content}}")
        library["row"] = Template(verbatim: "{{not a tag}}")
        #expect(library.missingPartials.isEmpty)
        #expect(library.render(.object([:]), withTemplate: "page") == "<header>{{not a tag}}")
    }

    /// A new temporary folder holding `files` (name → text).
    private func folder(with files: [String: String]) throws -> String {
        let directory = NSTemporaryDirectory() + "mustache-templates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
        }
        return directory
    }
}

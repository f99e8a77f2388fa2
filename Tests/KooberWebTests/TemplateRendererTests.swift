import Foundation
import Testing

import KooberTestSupport

@testable import KooberWeb

@Suite struct TemplateRendererTests {
    @Test func theProjectTemplatesAllLoad() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        #expect(renderer.render(.welcome, WelcomeViewState()).contains("KOOBER"))
    }

    @Test func everyPageLinksItsStylesheetWithTheAssetVersion() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "3fa9c0")
        let html = renderer.render(.welcome, WelcomeViewState())
        #expect(html.contains(#"<link rel="stylesheet" href="/css/koober.css?v=3fa9c0">"#))
        #expect(html.contains(#"src="/images/koober-logo.svg?v=3fa9c0""#))
    }

    @Test func anAssetVersionThatIsNotLettersAndDigitsStopsStartUp() async throws {
        #expect(throws: TemplateRenderer.LoadError.self) {
            try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "\"><script>")
        }
    }

    @Test func aMissingTemplateStopsStartUpNamingTheFile() async throws {
        let directory = try copyOfTemplates()
        try FileManager.default.removeItem(atPath: "\(directory)/welcome.mustache")
        #expect {
            try TemplateRenderer(directory: directory, assetVersion: "v1")
        } throws: { error in
            "\(error)".contains("welcome.mustache") && "\(error)".contains("missing")
        }
    }

    @Test func aBrokenTemplateStopsStartUpNamingTheFile() async throws {
        let directory = try copyOfTemplates()
        try "{{#error}}unclosed section".write(toFile: "\(directory)/error.mustache", atomically: true, encoding: .utf8)
        #expect {
            try TemplateRenderer(directory: directory, assetVersion: "v1")
        } throws: { error in
            "\(error)".contains("error.mustache") && "\(error)".contains("does not parse")
        }
    }

    @Test func aMissingFolderStopsStartUp() async throws {
        #expect(throws: TemplateRenderer.LoadError.self) {
            try TemplateRenderer(directory: "/nonexistent/koober-templates", assetVersion: "v1")
        }
    }

    @Test func valuesAreHTMLEscaped() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let html = renderer.render(
            .error,
            ErrorPageViewState(error: .init(title: "<script>alert(1)</script>", message: "a & b"))
        )
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("a &amp; b"))
    }

    private func copyOfTemplates() throws -> String {
        let directory = NSTemporaryDirectory() + "koober-templates-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: ProjectPaths.templates, toPath: directory)
        return directory
    }
}

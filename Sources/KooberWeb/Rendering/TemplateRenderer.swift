import HTTPServer
import MustacheRendering
import NIOHTTP1

/// Renders pages from the Mustache templates in `Templates/`, all loaded, parsed and checked at start-up.
public struct TemplateRenderer: Sendable {
    /// Why the templates could not be loaded; the message names the file.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The partial that stands for the public files' version: templates write an asset's URL as
    /// `/css/koober.css?v={{>asset-version}}`, so every deploy that changes a file gives it a new URL
    /// (see `StaticFileMiddleware` for the caching this allows).
    public static let assetVersionPartial = "asset-version"

    private let library: TemplateLibrary
    private let assetVersion: String
    /// Where each page's data is kept as it is rendered (`koober --keep-view-data`); `nil`, the default, keeps none.
    private let viewDataKeeper: ViewDataKeeper?

    /// Loads every `.mustache` file in `directory`; throws naming the file that is missing or does not parse, or the
    /// partial a template includes that does not exist. `assetVersion` is `StaticFiles.version` of the public files
    /// the pages link to.
    public init(
        directory: String, assetVersion: String, keepingViewData viewDataKeeper: ViewDataKeeper? = nil
    ) throws {
        guard !assetVersion.isEmpty, assetVersion.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw LoadError(description: "The asset version \(assetVersion) is not letters and digits")
        }
        var library: TemplateLibrary
        do {
            library = try TemplateLibrary(directory: directory)
        } catch {
            throw LoadError(description: error.description)
        }
        let names = PageTemplate.allCases.map(\.rawValue) + MailTemplate.allCases.map(\.rawValue)
        for name in names where library[name] == nil {
            throw LoadError(description: "Template \(directory)/\(name).mustache is missing")
        }
        library[Self.assetVersionPartial] = Template(verbatim: assetVersion)
        if let (name, partial) = library.missingPartials.first {
            throw LoadError(
                description: "Template \(directory)/\(name).mustache includes \(partial), which does not exist"
            )
        }
        self.library = library
        self.assetVersion = assetVersion
        self.viewDataKeeper = viewDataKeeper
    }

    /// Renders `template` with `context` (a view-state value whose properties the template names).
    public func render(_ template: PageTemplate, _ context: some Encodable) -> String {
        render(named: template.rawValue, context)
    }

    /// Renders a part of a message (`MailComposer`).
    public func render(_ template: MailTemplate, _ context: some Encodable) -> String {
        render(named: template.rawValue, context)
    }

    private func render(named name: String, _ context: some Encodable) -> String {
        // Every template was checked at start-up, so a miss here is a programming error.
        let value = TemplateValue(encoding: context)
        guard let text = library.render(value, withTemplate: name) else {
            preconditionFailure("template \(name) vanished after start-up")
        }
        viewDataKeeper?.keep(KeptViewData(template: name, assetVersion: assetVersion, viewData: value))
        return text
    }

    /// A complete HTML response: the rendered page with Koober's security headers.
    public func response(
        _ template: PageTemplate,
        _ context: some Encodable,
        status: HTTPResponseStatus = .ok
    ) -> Response {
        var response = Response(
            status: status,
            contentType: "text/html; charset=utf-8",
            body: render(template, context)
        )
        response.headers.add(contentsOf: SecurityHeaders.html)
        // Pages carry form tokens and personal details: no browser or proxy may keep a copy.
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }
}

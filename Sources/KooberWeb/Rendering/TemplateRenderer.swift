import HTTPServer
import KooberKit
import MustacheRendering
import NIOHTTP1

/// Renders pages from the Mustache templates in `Templates/`, all loaded, parsed and checked at start-up, once for
/// each language with its words in place (`TemplateWords`, from `Templates/words/<tag>.words`).
public struct TemplateRenderer: Sendable {
    /// Why the templates could not be loaded; the message names the file.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The partial that stands for the public files' version: templates write an asset's URL as
    /// `/css/koober.css?v={{>asset-version}}`, so every deploy that changes a file gives it a new URL
    /// (see `StaticFileMiddleware` for the caching this allows).
    public static let assetVersionPartial = "asset-version"

    /// The language pages are rendered in (`speaking(_:)` chooses another).
    public let language: Language
    /// The words of `language`, for what Koober writes in Swift (errors, headlines, counts).
    public let words: Words
    private let library: TemplateLibrary
    private let languages: [Language: (library: TemplateLibrary, words: Words)]
    /// What the layout shows below every rider's page besides the words: the Language form (`page(_:)`).
    private let pageValue: TemplateValue?
    private let assetVersion: String
    /// Where each page's data is kept as it is rendered (`koober --keep-view-data`); `nil`, the default, keeps none.
    private let viewDataKeeper: ViewDataKeeper?

    /// Loads every `.mustache` file in `directory`, once per language with the words of `directory/words`; throws
    /// naming the file that is missing or does not parse, the word a template names that a catalogue lacks, or the
    /// partial a template includes that does not exist. `assetVersion` is `StaticFiles.version` of the public files
    /// the pages link to.
    public init(
        directory: String, assetVersion: String, keepingViewData viewDataKeeper: ViewDataKeeper? = nil
    ) throws {
        guard !assetVersion.isEmpty, assetVersion.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw LoadError(description: "The asset version \(assetVersion) is not letters and digits")
        }
        let catalogues: [Language: Words]
        do {
            catalogues = try Words.load(directory: "\(directory)/words")
        } catch {
            throw LoadError(description: error.description)
        }
        var languages: [Language: (library: TemplateLibrary, words: Words)] = [:]
        for (language, words) in catalogues {
            let binding = TemplateWords(words: words)
            var library: TemplateLibrary
            do {
                library = try TemplateLibrary(directory: directory) { name, text in
                    let bound = try binding.bind(text, escaping: !name.hasSuffix("-text"))
                    viewDataKeeper?.keepTemplate(bound, named: name, language: language)
                    return bound
                }
            } catch {
                throw LoadError(description: "\(error.description) (\(language.tag))")
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
            languages[language] = (library, words)
        }
        guard let english = languages[.english] else {
            throw LoadError(description: "Words \(directory)/words/\(Language.english.tag).words are missing")
        }
        self.language = .english
        self.words = english.words
        self.library = english.library
        self.languages = languages
        self.pageValue = nil
        self.assetVersion = assetVersion
        self.viewDataKeeper = viewDataKeeper
    }

    /// This renderer in `language`.
    public func speaking(_ language: Language) -> TemplateRenderer {
        TemplateRenderer(self, language: language, pageValue: pageValue)
    }

    /// This renderer with `page` below each page's own values: the layout's Language form.
    func page(_ page: LayoutViewState) -> TemplateRenderer {
        TemplateRenderer(self, language: language, pageValue: TemplateValue(encoding: page))
    }

    private init(_ renderer: TemplateRenderer, language: Language, pageValue: TemplateValue?) {
        let chosen = renderer.languages[language] ?? (renderer.library, renderer.words)
        self.language = language
        self.words = chosen.words
        self.library = chosen.library
        self.languages = renderer.languages
        self.pageValue = pageValue
        self.assetVersion = renderer.assetVersion
        self.viewDataKeeper = renderer.viewDataKeeper
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
        guard let text = library.render(value, withTemplate: name, above: pageValue) else {
            preconditionFailure("template \(name) vanished after start-up")
        }
        if let viewDataKeeper {
            // The page's values over the layout's: one context that reads as the two stacked.
            var kept = value
            if case .object(let page)? = pageValue, case .object(let own) = value {
                kept = .object(page.merging(own) { _, own in own })
            }
            viewDataKeeper.keep(
                KeptViewData(template: name, language: language.tag, assetVersion: assetVersion, viewData: kept))
        }
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

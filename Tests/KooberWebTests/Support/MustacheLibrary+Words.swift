import Foundation
import KooberKit
import Mustache
import TestKit
import Testing

@testable import KooberWeb

extension MustacheLibrary {
    /// The project's templates as swift-mustache reads them, with `language`'s words put in as koober puts them at
    /// start-up (`TemplateWords`), and `v1` for the asset version.
    static func koober(_ language: Language = .english) async throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in try boundTemplates(language) {
            try library.register(text, named: name)
        }
        try library.register("v1", named: "asset-version")
        return library
    }

    /// Every template's text by name, with `language`'s words in place.
    static func boundTemplates(_ language: Language) throws -> [String: String] {
        let catalogues = try Words.load(directory: "\(ProjectPaths.templates)/words")
        let binding = TemplateWords(words: try #require(catalogues[language]))
        var templates: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: ProjectPaths.templates)
        where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let text = try String(contentsOfFile: "\(ProjectPaths.templates)/\(file)", encoding: .utf8)
            templates[name] = try binding.bind(text, escaping: !name.hasSuffix("-text"))
        }
        return templates
    }
}

extension Words {
    /// The project's catalogue of `language` (`Templates/words`), as koober reads it at start-up.
    static func project(_ language: Language = .english) throws -> Words {
        try #require(try Words.load(directory: "\(ProjectPaths.templates)/words")[language])
    }
}

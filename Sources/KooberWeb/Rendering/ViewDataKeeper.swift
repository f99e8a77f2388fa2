import Foundation
import KooberKit
import MustacheRendering

/// Keeps the data each page was rendered with (`koober --keep-view-data <folder>`): `<folder>/<template>.json` is
/// the last page of that template, as `KeptViewData`. The benchmarks' peer renders Koober's own page from it
/// (Benchmarks/run), so its data cannot drift from what Koober renders. Every page then costs an encoding and a file
/// write: never in production, and never while measuring.
public struct ViewDataKeeper: Sendable {
    public let folder: String

    public init(folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    /// Where the last page of `template` is kept.
    public func path(of template: String) -> String {
        "\(folder)/\(template).json"
    }

    /// Where a language's templates are kept, with its words in place: the peer's templates.
    public func templatesFolder(of language: Language) -> String {
        "\(folder)/templates/\(language.tag)"
    }

    /// Keeps the text of a template with `language`'s words in place, as koober parsed it.
    func keepTemplate(_ text: String, named name: String, language: Language) {
        let folder = templatesFolder(of: language)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).mustache"), options: .atomic)
    }

    /// Writes the page's data over the last one of its template, whole or not at all; a failure to write is not the
    /// page's: it is rendered anyway.
    func keep(_ data: KeptViewData) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let bytes = try? encoder.encode(data) else { return }
        try? bytes.write(to: URL(fileURLWithPath: path(of: data.template)), options: .atomic)
    }
}

/// A rendered page's data as `ViewDataKeeper` keeps it: the template, the asset version (the `asset-version` partial)
/// and the view state exactly as the template read it.
public struct KeptViewData: Codable, Sendable {
    public let template: String
    /// The page's language: its templates are `ViewDataKeeper.templatesFolder(of:)` that language.
    public let language: String
    public let assetVersion: String
    public let viewData: TemplateValue
}

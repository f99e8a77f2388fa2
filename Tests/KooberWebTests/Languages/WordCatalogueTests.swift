import Foundation
import KooberKit
import TestKit
import Testing

@testable import KooberWeb

/// The real catalogues in `Templates/words`: each parses, each has English's keys and no others (a counting word
/// with a form per plural category of its language), the same placeholders in every language, no key unused, no
/// word a template names missing, and the SPEC's words where they belong.
@Suite struct WordCatalogueTests {
    static let directory = "\(ProjectPaths.templates)/words"

    /// A catalogue's keys: the plain ones, and the counting words' families with the categories they have forms for.
    struct Shape: Equatable {
        var plain: Set<String> = []
        var families: [String: Set<PluralCategory>] = [:]

        init(_ words: Words) {
            for key in words.entries.keys {
                if let (family, category) = WordCatalogueTests.pluralForm(key) {
                    families[family, default: []].insert(category)
                } else {
                    plain.insert(key)
                }
            }
        }
    }

    /// `ride.minutes.one` is the `one` form of `ride.minutes`.
    static func pluralForm(_ key: String) -> (family: String, category: PluralCategory)? {
        guard let dot = key.lastIndex(of: "."),
            let category = PluralCategory(rawValue: String(key[key.index(after: dot)...]))
        else { return nil }
        return (String(key[..<dot]), category)
    }

    private func catalogues() throws -> [Language: Words] {
        try Words.load(directory: Self.directory)
    }

    /// The text of every file under `folder` whose name ends with `suffix`, one string.
    private func text(under folder: String, endingWith suffix: String) throws -> String {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
        var text = ""
        for case let path as String in enumerator where path.hasSuffix(suffix) {
            text += try String(contentsOfFile: "\(folder)/\(path)", encoding: .utf8) + "\n"
        }
        return text
    }

    @Test(arguments: Language.allCases)
    func everyLanguagesFileParses(language: Language) throws {
        let file = "\(Self.directory)/\(language.tag).words"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let words = try Words(language: language, text: text, file: file)
        #expect(words.entries.count > 100)
        #expect(words.language == language)
    }

    @Test func everyFileInTheFolderIsALanguagesAndEveryLanguageHasOne() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter {
            $0.hasSuffix(".words")
        }
        #expect(Set(files) == Set(Language.allCases.map { "\($0.tag).words" }))
        #expect(try catalogues().count == Language.allCases.count)
    }

    @Test(arguments: Language.allCases)
    func everyLanguageHasEnglishsKeysAndNoOthers(language: Language) throws {
        let catalogues = try catalogues()
        let english = Shape(try #require(catalogues[.english]))
        let shape = Shape(try #require(catalogues[language]))
        #expect(english.plain.subtracting(shape.plain).sorted() == [], "missing from \(language.tag)")
        #expect(shape.plain.subtracting(english.plain).sorted() == [], "in \(language.tag) but not in English")
        #expect(Set(shape.families.keys) == Set(english.families.keys), "counting words of \(language.tag)")
        let categories = Set(PluralCategory.categories(of: language))
        for (family, forms) in shape.families {
            #expect(forms == categories, "\(family) in \(language.tag) has forms \(forms)")
            #expect(!shape.plain.contains(family), "\(family) is both a word and a counting word")
        }
    }

    @Test(arguments: Language.allCases)
    func everyWordHasEnglishsPlaceholders(language: Language) throws {
        let catalogues = try catalogues()
        let english = try #require(catalogues[.english])
        let words = try #require(catalogues[language])
        for key in Shape(english).plain {
            guard let text = words.entries[key], let englishText = english.entries[key] else { continue }
            let placeholders = Words.placeholders(in: text).sorted()
            #expect(placeholders == Words.placeholders(in: englishText).sorted(), "\(key) in \(language.tag)")
        }
        // A counting word's forms may leave out `{count}` (`one` may say "a minute"), but not the rest; its `other`
        // form has them all.
        for family in Shape(english).families.keys {
            let englishOther = Words.placeholders(in: english.entries["\(family).other"] ?? "").sorted()
            for category in PluralCategory.categories(of: language) {
                guard let text = words.entries["\(family).\(category.rawValue)"] else { continue }
                let placeholders = Words.placeholders(in: text).sorted()
                #expect(
                    placeholders.filter { $0 != "count" } == englishOther.filter { $0 != "count" },
                    "\(family).\(category.rawValue) in \(language.tag)")
                if category == .other {
                    #expect(placeholders == englishOther, "\(family).other in \(language.tag)")
                }
            }
        }
    }

    @Test func everyKeyIsUsedByATemplateOrByKoobersCode() throws {
        let english = Shape(try #require(try catalogues()[.english]))
        let templates = try text(under: ProjectPaths.templates, endingWith: ".mustache")
        let sources = try text(under: "\(ProjectPaths.root)/Sources", endingWith: ".swift")
        let unused = english.plain.union(english.families.keys).filter { key in
            !templates.contains("{{words.\(key)}}") && !sources.contains("\"\(key)\"")
        }
        #expect(unused.sorted() == [])
    }

    @Test func everyWordATemplateNamesIsInEnglish() throws {
        let english = try #require(try catalogues()[.english])
        let templates = try text(under: ProjectPaths.templates, endingWith: ".mustache")
        var named: Set<String> = []
        for piece in templates.components(separatedBy: "{{words.").dropFirst() {
            named.insert(piece.components(separatedBy: "}}")[0])
        }
        #expect(named.count > 100)
        #expect(named.subtracting(english.entries.keys).sorted() == [])
    }

    @Test(arguments: [
        (Language.chinese, ["登录", "去哪里？", "确认", "我的资料"]),
        (.vietnamese, ["Đăng nhập", "Bạn muốn đi đâu?", "Xác nhận", "Hồ sơ của tôi"]),
        (.arabic, ["تسجيل الدخول", "إلى أين؟", "تأكيد", "ملفي الشخصي"]),
    ])
    func theSPECsWordsAreThereExactly(language: Language, anchors: [String]) throws {
        let words = try #require(try catalogues()[language])
        // Code point for code point: the catalogue must not hold a decomposed spelling of the SPEC's words.
        let values = Set(words.entries.values.map { Array($0.unicodeScalars) })
        for anchor in anchors {
            #expect(values.contains(Array(anchor.unicodeScalars)), "\(anchor) is no word of \(language.tag)")
        }
    }
}

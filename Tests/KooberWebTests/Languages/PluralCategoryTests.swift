import KooberKit
import Testing

@testable import KooberWeb

/// CLDR's plural rules for whole numbers, checked against CLDR's own examples (*Language Plural Rules*).
@Suite struct PluralCategoryTests {
    @Test func englishSaysOneForOneAndOtherForTheRest() {
        #expect(PluralCategory(1, in: .english) == .one)
        for count in [0, 2, 5, 11, 21, 100, 101] {
            #expect(PluralCategory(count, in: .english) == .other, "\(count)")
        }
        #expect(PluralCategory.categories(of: .english) == [.one, .other])
    }

    @Test(arguments: [Language.chinese, .vietnamese])
    func chineseAndVietnameseHaveOneFormForEveryCount(language: Language) {
        for count in [0, 1, 2, 3, 5, 11, 100, 101, 1000] {
            #expect(PluralCategory(count, in: language) == .other, "\(count)")
        }
        #expect(PluralCategory.categories(of: language) == [.other])
    }

    @Test(arguments: [
        (0, PluralCategory.zero), (1, .one), (2, .two),
        (3, .few), (4, .few), (10, .few), (103, .few), (110, .few), (1003, .few),
        (11, .many), (26, .many), (99, .many), (111, .many), (1011, .many),
        (100, .other), (101, .other), (102, .other), (200, .other), (202, .other), (1000, .other), (10000, .other),
    ])
    func arabicFollowsCLDRsExamples(count: Int, category: PluralCategory) {
        #expect(PluralCategory(count, in: .arabic) == category)
    }

    @Test func arabicUsesAllSixCategories() {
        #expect(PluralCategory.categories(of: .arabic) == [.zero, .one, .two, .few, .many, .other])
    }

    /// A counting word has a form for each category its language uses, so no count may land outside them.
    @Test(arguments: Language.allCases)
    func everyCountFallsInACategoryItsLanguageUses(language: Language) {
        let categories = Set(PluralCategory.categories(of: language))
        var seen: Set<PluralCategory> = []
        for count in 0...1_200 {
            let category = PluralCategory(count, in: language)
            #expect(categories.contains(category), "\(count) is \(category) in \(language.tag)")
            seen.insert(category)
        }
        #expect(seen == categories)
    }
}

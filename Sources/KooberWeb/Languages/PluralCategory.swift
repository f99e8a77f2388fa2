import KooberKit

/// CLDR's plural categories (https://cldr.unicode.org, *Language Plural Rules*), for the whole numbers Koober
/// counts: a word that counts has one form per category its language uses (`ride.minutes.one`, `.other`).
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The categories `language` uses.
    static func categories(of language: Language) -> [PluralCategory] {
        switch language {
        case .english: [.one, .other]
        case .chinese, .vietnamese: [.other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        }
    }

    /// The category of the whole number `count` in `language` (CLDR 46's integer rules).
    init(_ count: Int, in language: Language) {
        switch language {
        case .english:
            self = count == 1 ? .one : .other
        case .chinese, .vietnamese:
            self = .other
        case .arabic:
            let lastTwo = count.magnitude % 100
            switch count.magnitude {
            case 0: self = .zero
            case 1: self = .one
            case 2: self = .two
            default:
                if (3...10).contains(lastTwo) {
                    self = .few
                } else if (11...99).contains(lastTwo) {
                    self = .many
                } else {
                    self = .other
                }
            }
        }
    }
}

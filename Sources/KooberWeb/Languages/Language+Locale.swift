import Foundation
import KooberKit

extension Language {
    /// The locale dates and times are written in (Sydney's, in the language's way); Arabic keeps Western digits, as
    /// amounts do.
    var locale: Locale {
        switch self {
        case .english: Locale(identifier: "en_AU")
        case .chinese: Locale(identifier: "zh_Hans_AU")
        case .vietnamese: Locale(identifier: "vi_AU")
        case .arabic: Locale(identifier: "ar_AU@numbers=latn")
        }
    }

    /// What a short list's items are written apart with: `Smooth hops, Friendly`.
    var listSeparator: String {
        switch self {
        case .english, .vietnamese: ", "
        case .chinese: "、"
        case .arabic: "، "
        }
    }
}

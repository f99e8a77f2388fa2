/// The languages Koober speaks (SPEC, *Languages and access for everyone*), by their BCP 47 tags: the tag is what an
/// account stores, the `koober_lang` cookie holds and `<html lang>` says.
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en-AU"
    case chinese = "zh-Hans"
    case vietnamese = "vi"
    case arabic = "ar"

    /// The language named by `tag`, exactly as Koober writes it (a stored or chosen value, not a header).
    public init?(tag: String) {
        self.init(rawValue: tag)
    }

    public var tag: String { rawValue }

    /// Arabic is written right to left.
    public var isRightToLeft: Bool { self == .arabic }

    /// The language's own name for itself, as the Language form shows it.
    public var ownName: String {
        switch self {
        case .english: "English"
        case .chinese: "中文"
        case .vietnamese: "Tiếng Việt"
        case .arabic: "العربية"
        }
    }
}

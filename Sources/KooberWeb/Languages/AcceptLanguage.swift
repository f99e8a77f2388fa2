import HTTPServer
import KooberKit

/// A browser's `Accept-Language` (RFC 9110 §12.5.4): its language ranges by preference, and the language of
/// Koober's that best meets them. A malformed element is skipped, never an error: a visitor with a broken header
/// still gets a page (in English, when nothing else matches).
public struct AcceptLanguage: Equatable, Sendable {
    /// One language range and its weight, in thousandths (`q=0.5` is 500), so no floating point is parsed.
    public struct Range: Equatable, Sendable {
        public let subtags: [Substring]
        public let weight: Int
    }

    /// The most elements read: a longer header's tail is ignored (the server caps a header's size besides).
    public static let elementLimit = 32

    /// The header's well-formed ranges, most wanted first (equal weights keep their order).
    public let ranges: [Range]

    public init(_ header: String) {
        var ranges: [Range] = []
        for element in header.split(separator: ",", omittingEmptySubsequences: true).prefix(Self.elementLimit) {
            if let range = Self.range(element) { ranges.append(range) }
        }
        // A stable sort: Swift's `sort` is not documented as stable, so order by (weight, position).
        self.ranges = ranges.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
            .map(\.element)
    }

    /// The language of Koober's that a request's `Accept-Language` headers best match: English when none does.
    static func language(of request: Request) -> Language {
        AcceptLanguage(request.headers[canonicalForm: "Accept-Language"].joined(separator: ",")).bestLanguage
            ?? .english
    }

    /// The first of Koober's languages that a range with a weight above zero asks for; `nil` when none does.
    public var bestLanguage: Language? {
        for range in ranges where range.weight > 0 {
            if let language = Self.language(for: range.subtags) { return language }
        }
        return nil
    }

    /// `*` matches anything: Koober's first language. A range names a language by its first subtag; Chinese is
    /// Koober's only in its simplified script (`zh`, `zh-Hans`, `zh-CN`, `zh-SG`), not `zh-Hant`, `zh-TW`,
    /// `zh-HK` or `zh-MO`.
    private static func language(for subtags: [Substring]) -> Language? {
        guard let primary = subtags.first?.lowercased() else { return nil }
        switch primary {
        case "*": return .english
        case "en": return .english
        case "vi": return .vietnamese
        case "ar": return .arabic
        case "zh":
            let rest = subtags.dropFirst().map { $0.lowercased() }
            let traditional: Set<String> = ["hant", "tw", "hk", "mo"]
            return rest.contains(where: traditional.contains) ? nil : .chinese
        default: return nil
        }
    }

    /// `language-range [ OWS ";" OWS "q=" qvalue ]`, or `nil` when malformed.
    private static func range(_ element: Substring) -> Range? {
        let parts = element.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
        guard let rangeText = parts.first, let subtags = subtags(rangeText) else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            guard parameter.count > 2, parameter.prefix(2).lowercased() == "q=",
                let parsed = qvalue(parameter.dropFirst(2))
            else { return nil }
            weight = parsed
        }
        return Range(subtags: subtags, weight: weight)
    }

    /// `1*8ALPHA *("-" 1*8alphanum)` or `*`.
    private static func subtags(_ text: Substring) -> [Substring]? {
        if text == "*" { return ["*"] }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.count), first.allSatisfy(isASCIILetter) else {
            return nil
        }
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) }) else {
                return nil
            }
        }
        return subtags
    }

    /// `( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ text: Substring) -> Int? {
        guard let whole = text.first, whole == "0" || whole == "1" else { return nil }
        var rest = text.dropFirst()
        var thousandths = whole == "1" ? 1000 : 0
        guard !rest.isEmpty else { return thousandths }
        guard rest.first == ".", rest.count <= 4 else { return nil }
        rest = rest.dropFirst()
        guard rest.allSatisfy(isASCIIDigit) else { return nil }
        let digits = rest + String(repeating: "0", count: 3 - rest.count)
        guard let fraction = Int(digits) else { return nil }
        if whole == "1" && fraction != 0 { return nil }
        thousandths += fraction
        return thousandths
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
            let end = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[start...end]
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func isASCIIDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}

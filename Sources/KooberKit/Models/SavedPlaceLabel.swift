import Foundation

/// A name a rider saves a place under (SPEC.md, Drop-off picker): Home, Work, or a name of the rider's own of 1–30
/// characters. "home" and "work" typed in any case are Home and Work; labels are compared ignoring case (`key`), so a
/// rider has each label once however it is spelled.
public enum SavedPlaceLabel: Hashable, Sendable, CustomStringConvertible {
    case home
    case work
    /// The rider's own name, trimmed, 1–30 characters, never "home" or "work" in any case.
    case own(String)

    /// The longest own label, in characters.
    public static let limit = FieldLimit(maximum: 30, unit: .characters)
    /// How many labels of their own a rider may have besides Home and Work.
    public static let ownLabelsAllowed = 8

    /// Reads what the rider typed: trimmed of white space; empty, too long (its bytes as sent checked before anything
    /// else reads it, its characters after trimming) or holding a control character is refused with its problem (a form's body is capped before it is read, so
    /// trimming first costs little).
    public init(parsing text: String) throws(SavedPlaceLabelProblem) {
        if case .tooLong(let limit)? = Self.limit.problem(withBytesOf: text) { throw .tooLong(limit) }
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if trimmed.isEmpty { throw .missing }
        if Self.limit.isExceeded(by: trimmed) { throw .tooLong(Self.limit) }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        self.init(stored: trimmed)
    }

    /// The label as stored and shown: "Home", "Work", or the rider's own as typed (trimmed).
    public var text: String {
        switch self {
        case .home: "Home"
        case .work: "Work"
        case .own(let text): text
        }
    }

    public var description: String { text }

    /// What makes two labels one (`saved_places.label_key`): the label case-folded and in Unicode's composed form
    /// (NFC), so "Café" typed with a composed é and "CAFE\u{301}" with a combining accent are one label, and so are
    /// "Straße" and "STRASSE" (issue 41).
    public var key: String { Self.key(of: text) }

    /// `key` for `text`: ASCII alone is lower-cased (what folding does to it, at no more cost than before: Where To?
    /// lists labels by key on every page); anything else is decomposed, case-folded (Foundation's full folding, with
    /// no locale) and composed again, the canonical caseless match of Unicode's chapter 3, kept composed.
    public static func key(of text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.decomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// Whether it is one of the rider's own (counted against `ownLabelsAllowed`).
    public var isOwn: Bool {
        if case .own = self { true } else { false }
    }

    /// Reads a label as stored (already checked when saved): "home" and "work" in any case are Home and Work.
    public init(stored text: String) {
        switch text.lowercased() {
        case "home": self = .home
        case "work": self = .work
        default: self = .own(text)
        }
    }

    /// Home, Work, then the rider's own labels by key: the order a rider's saved places are listed in.
    public static func listedBefore(_ lhs: SavedPlaceLabel, _ rhs: SavedPlaceLabel) -> Bool {
        lhs.listingKey < rhs.listingKey
    }

    /// What `listedBefore` compares: Home, Work or the rider's own, then (for the rider's own) the key.
    @usableFromInline var listingKey: (rank: Int, key: String) {
        (rank, isOwn ? key : "")
    }

    private var rank: Int {
        switch self {
        case .home: 0
        case .work: 1
        case .own: 2
        }
    }
}

extension Sequence {
    /// The elements in `SavedPlaceLabel.listedBefore`'s order of their labels, each label's key worked out once
    /// rather than at every comparison. Inlinable, so each store's call is compiled for its own elements.
    @inlinable public func listedByLabel(_ label: (Element) -> SavedPlaceLabel) -> [Element] {
        map { (element: $0, key: label($0).listingKey) }
            .sorted { $0.key < $1.key }
            .map(\.element)
    }
}

/// What is wrong with a label a rider typed; the words for it are the web layer's.
public enum SavedPlaceLabelProblem: Error, Equatable, Sendable {
    case missing
    case tooLong(FieldLimit)
    /// A control character (a tab typed inside it, a NUL): nothing a rider means as a name.
    case controlCharacter
}

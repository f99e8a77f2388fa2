/// A compliment a rider may pay the animal with a rating. The raw values are what forms, the API and storage carry;
/// the words a rider reads are the web layer's.
public enum Compliment: String, CaseIterable, Hashable, Sendable {
    case smoothHops = "smooth_hops"
    case greatConversation = "great_conversation"
    case knewTheWay = "knew_the_way"
    case friendly

    /// The compliment's bit in the set storage keeps as one integer (`bits(of:)`).
    var bit: Int {
        switch self {
        case .smoothHops: 1
        case .greatConversation: 2
        case .knewTheWay: 4
        case .friendly: 8
        }
    }

    /// A set of compliments as one integer, 0 to 15.
    public static func bits(of compliments: Set<Compliment>) -> Int {
        compliments.reduce(0) { $0 | $1.bit }
    }

    /// The compliments of `bits`; bits Koober does not use are ignored.
    public static func set(fromBits bits: Int) -> Set<Compliment> {
        Set(allCases.filter { bits & $0.bit != 0 })
    }
}

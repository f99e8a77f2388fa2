/// The tip a rider chose with a rating, as sent: none, an amount in cents (the page's A$1, A$2 and A$5, the API's
/// `tipCents`), or an amount typed in dollars (the page's **Other**), read by `TipAmount(dollars:)`.
public enum TipChoice: Equatable, Sendable {
    case none
    case cents(Int)
    case dollars(String)

    /// The tip (`nil` for none), or the problem with it.
    func checked() -> (tip: TipAmount?, problem: FieldProblem?) {
        switch self {
        case .none: return (nil, nil)
        case .cents(let cents): return TipAmount(cents: cents).map { ($0, nil) } ?? (nil, .notAnAmount)
        case .dollars(let text):
            guard !text.isEmpty else { return (nil, .missing) }
            return TipAmount(dollars: text).map { ($0, nil) } ?? (nil, .notAnAmount)
        }
    }
}

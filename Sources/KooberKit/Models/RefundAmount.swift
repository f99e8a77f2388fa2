/// An amount Koober Ops refunds, typed in dollars on a ride's page (SPEC.md, "Koober Ops", **Refund**): read as the tip's
/// **Other** amount is (`DollarText`: `1.50`, `1`, `A$1.50`, `$1.5`, spaces around), at most six digits before the point,
/// and more than nothing. Whether it is at most the ride's fare plus tip is the store's to check, in the refund's own
/// transaction (`RefundRule`).
public struct RefundAmount: Hashable, Sendable {
    /// The most a refund can be before the ride's limit is looked at: A$999,999.99, far above any fare, far below
    /// anything that could overflow.
    public static let maximumCents = Cents(99_999_999)
    /// Longer text is refused before it is read.
    public static let maximumTextLength = DollarText.maximumTextLength

    public let cents: Cents

    /// `nil` unless 1 cent to `maximumCents` (any `Int` may come here).
    public init?(cents: Int) {
        guard cents > 0, Cents(cents) <= Self.maximumCents else { return nil }
        self.cents = Cents(cents)
    }

    /// `nil` for text that is not an amount of dollars, or not more than nothing.
    public init?(dollars text: String) {
        guard let cents = DollarText.cents(text, maximumWholeDigits: 6) else { return nil }
        self.init(cents: cents)
    }
}

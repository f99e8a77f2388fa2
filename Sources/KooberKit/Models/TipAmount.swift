/// A tip, in whole cents: A$0.50 to A$50.00 (SPEC.md, "After the ride"). Money is integers end to end: the amount a
/// rider types is read digit by digit (`init?(dollars:)`), never through a floating-point number.
public struct TipAmount: Hashable, Sendable {
    public static let centsRange: ClosedRange<Cents> = 50...5_000
    /// The longest text `init?(dollars:)` reads: `A$50.00` with room for spaces around it; longer is refused unread.
    public static let maximumTextLength = DollarText.maximumTextLength

    public let cents: Cents

    /// `nil` outside `centsRange` (any `Int` a client sends may come here).
    public init?(cents: Int) {
        guard Self.centsRange.contains(Cents(cents)) else { return nil }
        self.cents = Cents(cents)
    }

    /// The amount a rider typed in dollars (`DollarText`): `12`, `12.5`, `12.50`, with an optional `A$` or `$` before it
    /// and plain spaces around it; at most three digits before the point. Anything else (`1e9`, `-0`, `-1`, `0.005`,
    /// `NaN`, `Infinity`, `١٢`, `1 2`, a non-breaking space, a line break) is `nil`, as is an amount outside
    /// `centsRange`. Text longer than `maximumTextLength` bytes is refused before it is read.
    public init?(dollars text: String) {
        guard let cents = DollarText.cents(text, maximumWholeDigits: 3) else { return nil }
        self.init(cents: cents)
    }
}

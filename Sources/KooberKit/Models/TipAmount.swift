/// A tip, in whole cents: A$0.50 to A$50.00 (SPEC.md, "After the ride"). Money is integers end to end: the amount a
/// rider types is read digit by digit (`init?(dollars:)`), never through a floating-point number.
public struct TipAmount: Hashable, Sendable {
    public static let centsRange: ClosedRange<Cents> = 50...5_000
    /// The longest text `init?(dollars:)` reads: `A$50.00` with room for spaces around it; longer is refused unread.
    public static let maximumTextLength = 16

    public let cents: Cents

    /// `nil` outside `centsRange` (any `Int` a client sends may come here).
    public init?(cents: Int) {
        guard Self.centsRange.contains(Cents(cents)) else { return nil }
        self.cents = Cents(cents)
    }

    /// The amount a rider typed in dollars: `12`, `12.5`, `12.50`, with an optional `A$` or `$` before it and plain
    /// spaces around it; ASCII digits only, at most three before the point and two after it. Anything else (`1e9`,
    /// `-0`, `-1`, `0.005`, `NaN`, `Infinity`, `١٢`, `1 2`, a non-breaking space, a line break) is `nil`, as is an
    /// amount outside `centsRange`. Text longer than `maximumTextLength` bytes is refused before it is read.
    public init?(dollars text: String) {
        let bytes = text.utf8
        guard bytes.count <= Self.maximumTextLength else { return nil }
        var rest = bytes[...]
        while rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        while rest.last == UInt8(ascii: " ") { rest = rest.dropLast() }
        if rest.starts(with: "A$".utf8) {
            rest = rest.dropFirst(2)
        } else if rest.first == UInt8(ascii: "$") {
            rest = rest.dropFirst()
        }
        let whole = rest.prefix { Self.isDigit($0) }
        guard (1...3).contains(whole.count) else { return nil }
        rest = rest.dropFirst(whole.count)
        var fraction = rest[rest.startIndex..<rest.startIndex]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix { Self.isDigit($0) }
            guard (1...2).contains(fraction.count) else { return nil }
            rest = rest.dropFirst(fraction.count)
        }
        guard rest.isEmpty else { return nil }
        let dollars = whole.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        var cents = fraction.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        if fraction.count == 1 { cents *= 10 }
        self.init(cents: dollars * 100 + cents)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

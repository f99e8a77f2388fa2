/// An amount of money typed in dollars, read digit by digit into whole cents, never through a floating-point number:
/// `12`, `12.5`, `12.50`, with an optional `A$` or `$` before it and plain spaces around it; ASCII digits only, at most
/// `maximumWholeDigits` before the point and two after it. Anything else (`1e9`, `-1`, `0.005`, `NaN`, `١٢`, `1 2`,
/// `1,000`, a non-breaking space, a line break) is `nil`. Text longer than `maximumTextLength` bytes is refused before
/// it is read, so no input makes it work or overflow. The tip's **Other** amount and Koober Ops' refunds read amounts
/// so (`TipAmount`, `RefundAmount`).
enum DollarText {
    /// The longest text read: an amount with room for `A$` and spaces around it; longer is refused unread.
    static let maximumTextLength = 16

    static func cents(_ text: String, maximumWholeDigits: Int) -> Int? {
        let bytes = text.utf8
        guard bytes.count <= maximumTextLength else { return nil }
        var rest = bytes[...]
        while rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        while rest.last == UInt8(ascii: " ") { rest = rest.dropLast() }
        if rest.starts(with: "A$".utf8) {
            rest = rest.dropFirst(2)
        } else if rest.first == UInt8(ascii: "$") {
            rest = rest.dropFirst()
        }
        let whole = rest.prefix { isDigit($0) }
        guard (1...maximumWholeDigits).contains(whole.count) else { return nil }
        rest = rest.dropFirst(whole.count)
        var fraction = rest[rest.startIndex..<rest.startIndex]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix { isDigit($0) }
            guard (1...2).contains(fraction.count) else { return nil }
            rest = rest.dropFirst(fraction.count)
        }
        guard rest.isEmpty else { return nil }
        let dollars = whole.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        var cents = fraction.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        if fraction.count == 1 { cents *= 10 }
        return dollars * 100 + cents
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

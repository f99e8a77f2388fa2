import KooberKit

extension Cents {
    /// Money as Koober shows it, on every page, mail and Koober Cloud answer that writes an amount: Australian
    /// dollars to the cent, `1234` → `A$12.34`, `5` → `A$0.05` (an amount below zero, which no ride charges, is
    /// `-A$0.05`). The one place an amount becomes words.
    public var displayed: String {
        let (dollars, rest) = value.magnitude.quotientAndRemainder(dividingBy: 100)
        return "\(value < 0 ? "-" : "")A$\(dollars).\(rest < 10 ? "0" : "")\(rest)"
    }
}

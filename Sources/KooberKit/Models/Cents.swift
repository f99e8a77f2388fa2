/// An amount of money in whole cents: a fare, a tip, what a ride charged, a receipt's total, a refund.
/// Money is integers end to end, never a floating-point number, and the stores keep `value` as it is (`fare_cents`,
/// `tip_cents`). How an amount reads to a rider (`A$12.34`) is said in KooberWeb, not here.
///
/// Adding never traps: a sum beyond `Int`'s range stays at its bound. Amounts a client sends are range-checked
/// before they become `Cents` (`TipAmount`), so no sum Koober makes comes near it; a server that stopped on one
/// would be worse than a wrong total no rider can reach.
public struct Cents: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The whole cents, as the stores and Koober Cloud's JSON keep them.
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Nothing: what a cancelled ride charges, a receipt's tip when none was given.
    public static let zero = Cents(0)

    public static func + (lhs: Cents, rhs: Cents) -> Cents {
        let (sum, overflow) = lhs.value.addingReportingOverflow(rhs.value)
        guard overflow else { return Cents(sum) }
        return Cents(rhs.value > 0 ? .max : .min)
    }

    /// The difference (a total after a refund), saturating at `Int`'s bounds as `+` does.
    public static func - (lhs: Cents, rhs: Cents) -> Cents {
        let (difference, overflow) = lhs.value.subtractingReportingOverflow(rhs.value)
        guard overflow else { return Cents(difference) }
        return Cents(rhs.value > 0 ? .min : .max)
    }

    public static func += (lhs: inout Cents, rhs: Cents) {
        lhs = lhs + rhs
    }

    public static func < (lhs: Cents, rhs: Cents) -> Bool {
        lhs.value < rhs.value
    }

    /// For logs and test failures: `1234 cents`, never a currency.
    public var description: String { "\(value) cents" }
}

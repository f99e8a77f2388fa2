import KooberKit
import KooberWeb

/// Rate Your Ride's **Other** tip, typed in dollars (`TipAmount(dollars:)`): any rider may send any text. Parsing
/// never traps, reads no more than `TipAmount.maximumTextLength` bytes, accepts only plain ASCII digits with an
/// optional `A$` or `$`, a point and spaces around, always lands in A$0.50 to A$50.00, and what it accepts reads the
/// same when written back as Koober writes money.
public struct TipAmountFuzzTarget: FuzzTarget {
    public let name = "tip-amount"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let tip = TipAmount(dollars: text) else { return }
        guard TipAmount.centsRange.contains(tip.cents) else {
            throw FuzzFinding("\(text.debugDescription) gave \(tip.cents) cents, outside the range")
        }
        guard text.utf8.count <= TipAmount.maximumTextLength else {
            throw FuzzFinding("\(text.debugDescription) is longer than the limit, yet was read")
        }
        guard text.utf8.allSatisfy({ Self.allowed.contains($0) }) else {
            throw FuzzFinding("\(text.debugDescription) was accepted with a byte that is not an amount's")
        }
        let written = tip.cents.displayed
        guard TipAmount(dollars: written)?.cents == tip.cents else {
            throw FuzzFinding("\(text.debugDescription) gave \(tip.cents) cents, but \(written) reads otherwise")
        }
    }

    private static let allowed = Set("0123456789.A$ ".utf8)
}

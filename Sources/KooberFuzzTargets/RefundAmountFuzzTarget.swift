import KooberKit
import KooberWeb

/// Koober Ops' **Refund**, typed in dollars (`RefundAmount(dollars:)`): a member's form may carry any text. Parsing
/// never traps, reads no more than `RefundAmount.maximumTextLength` bytes, accepts only plain ASCII digits with an
/// optional `A$` or `$`, a point and spaces around, always lands in 1 cent to `RefundAmount.maximumCents`, and what it
/// accepts reads the same when written back as Koober writes money.
public struct RefundAmountFuzzTarget: FuzzTarget {
    public let name = "refund-amount"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let refund = RefundAmount(dollars: text) else { return }
        guard refund.cents > 0, refund.cents <= RefundAmount.maximumCents else {
            throw FuzzFinding("\(text.debugDescription) gave \(refund.cents) cents, outside the range")
        }
        guard text.utf8.count <= RefundAmount.maximumTextLength else {
            throw FuzzFinding("\(text.debugDescription) is longer than the limit, yet was read")
        }
        guard text.utf8.allSatisfy({ Self.allowed.contains($0) }) else {
            throw FuzzFinding("\(text.debugDescription) was accepted with a byte that is not an amount's")
        }
        let written = refund.cents.displayed
        guard RefundAmount(dollars: written)?.cents == refund.cents else {
            throw FuzzFinding("\(text.debugDescription) gave \(refund.cents) cents, but \(written) reads otherwise")
        }
    }

    private static let allowed = Set("0123456789.A$ ".utf8)
}

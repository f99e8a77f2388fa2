import KooberKit

/// A history page's cursor (`RideHistoryCursor`, `/profile/rides?before=…`): any rider may send any text. Parsing never
/// traps, accepts only what Koober writes, and what it accepts prints back to the same text.
public struct RideHistoryCursorFuzzTarget: FuzzTarget {
    public let name = "ride-history-cursor"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let cursor = RideHistoryCursor(text: text) else { return }
        guard cursor.text == text, cursor.requestedAtSeconds >= 0, cursor.rideID.rawValue > 0 else {
            throw FuzzFinding("\(text.debugDescription) parsed as \(cursor.text)")
        }
    }
}

import KooberKit

/// A page of Koober Ops' reports' cursor (`ReportListCursor`, `/ops/reports?after=…`): any signed-in member may send
/// any text. Parsing never traps, accepts only what Koober writes (`open.<ms>.<ride id>` or `resolved.<ms>.<ride id>`,
/// one spelling each), and what it accepts prints back to the same text.
public struct ReportListCursorFuzzTarget: FuzzTarget {
    public let name = "report-list-cursor"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let cursor = ReportListCursor(text: text) else { return }
        guard cursor.text == text, cursor.milliseconds >= 0, cursor.rideID.rawValue > 0 else {
            throw FuzzFinding("\(text.debugDescription) parsed as \(cursor.text)")
        }
    }
}

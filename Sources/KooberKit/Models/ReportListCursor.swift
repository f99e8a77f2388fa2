import Foundation

/// Where a page of Koober Ops' reports goes on from: the last report of the page before, in the part of the list it
/// was in. Open reports come first, oldest first (by when they were reported, then the ride's id); then the resolved
/// ones, newest resolved first (by when they were resolved, then the ride's id, descending). Keyset paging: each page is
/// one seek in `ride_reports_open` or `ride_reports_resolved` from the cursor, whatever the number before it.
///
/// The browser carries it as text, `open.<ms>.<ride id>` or `resolved.<ms>.<ride id>` (`text`); anything else is no
/// cursor (`init?(text:)`, which checks every byte before converting a number).
public struct ReportListCursor: Hashable, Sendable {
    public enum Part: String, Sendable {
        case open
        case resolved
    }

    public let part: Part
    /// The report's time in that part's order, in unix milliseconds as stored: reported (open), resolved (resolved).
    public let milliseconds: Int64
    public let rideID: RideID

    public init(part: Part, milliseconds: Int64, rideID: RideID) {
        self.part = part
        self.milliseconds = milliseconds
        self.rideID = rideID
    }

    /// The cursor after `report`, in the part it is listed in.
    public init(after report: ReportSummary) {
        if let resolvedAt = report.resolvedAt {
            self.init(part: .resolved, milliseconds: Self.milliseconds(of: resolvedAt), rideID: report.rideID)
        } else {
            self.init(part: .open, milliseconds: Self.milliseconds(of: report.report.reportedAt), rideID: report.rideID)
        }
    }

    /// The cursor `text` names, or `nil` when it is not one Koober wrote.
    public init?(text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = Array(text.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let part = Part(rawValue: String(decoding: parts[0], as: UTF8.self)),
            let milliseconds = Self.number(parts[1]), let id = Self.number(parts[2]), id > 0
        else { return nil }
        self.init(part: part, milliseconds: milliseconds, rideID: RideID(id))
    }

    /// The cursor as the browser carries it.
    public var text: String { "\(part.rawValue).\(milliseconds).\(rideID.rawValue)" }

    /// 1 to 18 ASCII digits (so it fits an `Int64`), without a leading zero unless it is `0`: one spelling each.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard (1...18).contains(bytes.count), bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            bytes.count == 1 || bytes.first != UInt8(ascii: "0")
        else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }

    /// A time as the stores keep it: whole unix milliseconds, rounded to the nearest.
    public static func milliseconds(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// One page of Koober Ops' reports and where the next page starts, if there is one.
public struct ReportListPage: Equatable, Sendable {
    public let reports: [ReportSummary]
    public let next: ReportListCursor?

    public init(reports: [ReportSummary], next: ReportListCursor?) {
        self.reports = reports
        self.next = next
    }
}

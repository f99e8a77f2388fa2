import Foundation
import KooberKit
import Testing

@testable import KooberSQLite

/// The dashboard reads each window through its index, never by scanning the rides, the reports or the bookings
/// (issue 43: its cost must not grow with the history). Only the fleet is read whole.
struct DashboardQueryPlanTests {
    static let indexes = [
        "rides_live", "rides_by_animal", "scheduled_rides_upcoming", "rides_by_requested", "rides_by_end",
        "rides_by_assignment", "ride_reports_open",
    ]

    @Test func everyPartOfTheDashboardReadsItsWindowThroughAnIndex() async throws {
        let bindings = SQLiteDashboardRepository.bindings(
            DashboardWindow(now: Date(timeIntervalSince1970: 1_700_000_000)))
        let plan = try await withTemporaryDatabase { database, _ in
            try await database.read { connection in
                try connection.query("EXPLAIN QUERY PLAN " + SQLiteDashboardRepository.dashboardSQL, bindings)
                    .map { try $0.string("detail") }
            }
        }
        #expect(Self.unindexedReads(in: plan).isEmpty, "\(plan)")
        for index in Self.indexes {
            #expect(plan.contains { Self.uses(index, $0) }, "\(index): \(plan)")
        }
    }

    /// The plan's reads of the rides (`rides`, or `r` in the free animals' subquery), the reports and the bookings
    /// that use no index.
    static func unindexedReads(in plan: [String]) -> [String] {
        plan.filter { line in
            let words = line.split(separator: " ")
            guard let verb = words.first, verb == "SCAN" || verb == "SEARCH", words.count > 1 else { return false }
            return ["rides", "r", "ride_reports", "scheduled_rides"].contains(String(words[1]))
                && !line.contains("INDEX")
        }
    }

    static func uses(_ index: String, _ line: String) -> Bool {
        line.contains("INDEX \(index) ") || line.hasSuffix("INDEX \(index)")
    }
}

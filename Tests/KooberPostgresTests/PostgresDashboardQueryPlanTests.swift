import Foundation
import KooberKit
import KooberTestSupport
import Testing

@testable import KooberPostgres

/// The dashboard on PostgreSQL reads each window through its index, never by scanning the rides, the reports or the
/// bookings (issue 43: its cost must not grow with the history); only the fleet is read whole.
struct PostgresDashboardQueryPlanTests {
    @Test func everyPartOfTheDashboardReadsItsWindowThroughAnIndex() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            let window = DashboardWindow(now: Date(timeIntervalSince1970: 1_700_000_000))
            let text = try await queryPlan(
                of: PostgresDashboardRepository.dashboardSQL, binds: PostgresDashboardRepository.bindings(window),
                url: url)
            for table in ["rides", "ride_reports", "scheduled_rides"] {
                #expect(!text.contains("Seq Scan on \(table) "), "\(text)")
                #expect(!text.contains("Seq Scan on \(table)\n"), "\(text)")
            }
            for index in [
                "rides_live", "rides_by_animal", "scheduled_rides_upcoming", "rides_by_requested", "rides_by_end",
                "rides_by_assignment", "ride_reports_open",
            ] {
                #expect(text.contains("using \(index) on") || text.contains("on \(index)"), "\(text)")
            }
        }
    }
}

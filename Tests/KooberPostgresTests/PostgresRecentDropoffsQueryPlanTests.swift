import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// Recent drop-offs on PostgreSQL are read by the index of rides by rider and drop-off, one backward seek per place,
/// never by scanning the rides (with sequential scans turned off, so the planner's choice on a small table does not
/// hide whether the index can serve the query).
struct PostgresRecentDropoffsQueryPlanTests {
    @Test func eachPlacesLatestRideIsAnIndexSeek() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            let text = try await Self.plan(of: PostgresSavedPlaceRepository.recentSQL, url: url)
            #expect(text.contains("Index Only Scan Backward using rides_by_user_dropoff on rides"), "\(text)")
            #expect(!text.contains("Seq Scan on rides"), "\(text)")
        }
    }

    @Test func theNewestRidesAreAWalkDownTheRidersHistoryIndex() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            // Without sorts either: on a test's tiny table the planner would rather sort the rider's few rides.
            let text = try await Self.plan(
                of: PostgresSavedPlaceRepository.newestRidesSQL, url: url,
                settings: ["enable_sort = off", "enable_bitmapscan = off"])
            #expect(text.contains("Index Scan using rides_by_user on rides"), "\(text)")
            #expect(!text.contains("Seq Scan on rides"), "\(text)")
        }
    }

    /// `sql`'s plan with `$1` the rider (1) and `$2` the limit (5).
    private static func plan(of sql: String, url: PostgresURL, settings: [String] = []) async throws -> String {
        var binds = PostgresBindings(capacity: 2)
        binds.append(Int64(1))
        binds.append(Int64(5))
        return try await queryPlan(of: sql, binds: binds, url: url, settings: settings)
    }
}

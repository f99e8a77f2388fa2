import Foundation
import Testing

@testable import KooberSQLite

/// Recent drop-offs are read by the index of rides by rider and drop-off: one seek per place for the rider's latest
/// ride there, never a scan of the rider's history (the drop-off picker's benchmark has 20,000 rides).
struct RecentDropoffsQueryPlanTests {
    @Test func eachPlacesLatestRideIsOneSeekOfTheRidersDropoffIndex() async throws {
        try await withTemporaryDatabase { database, _ in
            let plan = try await database.read { connection in
                try connection.query(
                    "EXPLAIN QUERY PLAN " + SQLiteSavedPlaceRepository.recentSQL, [.integer(1), .integer(5)]
                )
                .map { try $0.string("detail") }
            }
            #expect(
                plan.contains { $0.contains("rides_by_user_dropoff (user_id=? AND dropoff_place_id=?)") }, "\(plan)")
            #expect(!plan.contains { $0.contains("rides_by_user ") || $0.hasSuffix("rides_by_user") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN r") }, "\(plan)")
        }
    }

    @Test func theNewestRidesAreAWalkDownTheRidersHistoryIndex() async throws {
        try await withTemporaryDatabase { database, _ in
            let plan = try await database.read { connection in
                try connection.query(
                    "EXPLAIN QUERY PLAN " + SQLiteSavedPlaceRepository.newestRidesSQL, [.integer(1), .integer(20)]
                )
                .map { try $0.string("detail") }
            }
            // The index alone answers it (migration 14): no visit to each ride's row for its drop-off.
            #expect(plan.contains { $0.contains("USING COVERING INDEX rides_by_user (user_id=?)") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN r") || $0.contains("SCAN rides") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN p") || $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }
}

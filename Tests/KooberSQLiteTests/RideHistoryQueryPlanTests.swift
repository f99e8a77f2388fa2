import Foundation
import Testing

@testable import KooberSQLite

/// The history's pages are read from the index, never by scanning or sorting the rider's rides (issue 21: My Profile
/// took 130 ms with 20,000 rides when it read them all).
struct RideHistoryQueryPlanTests {
    @Test(arguments: [false, true])
    func aHistoryPageIsARangeOfTheRidersIndexWithoutASort(after: Bool) async throws {
        try await withTemporaryDatabase { database, _ in
            let plan = try await database.read { connection in
                try connection.query(
                    "EXPLAIN QUERY PLAN " + SQLiteRideRepository.historySQL(after: after),
                    [.integer(1)] + (after ? [.integer(1_700_000_000), .integer(5)] : []) + [.integer(20)]
                )
                .map { try $0.string("detail") }
            }
            #expect(plan.contains { $0.contains("USING INDEX rides_by_user") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            if after {
                // A range from the cursor, not every row of the rider (SQLite prints the row value's first column;
                // the contract tests show rides of the cursor's second with smaller ids still come next).
                #expect(plan.contains { $0.contains("rides_by_user (user_id=? AND requested_at<?)") }, "\(plan)")
            }
        }
    }

    /// Requesting a ride leaves the rider's other rides behind by the partial index of the rides in view, not by reading
    /// the rider's history (a ride request cost more with every ride before it).
    @Test func leavingTheOtherRidesBehindReadsOnlyTheRidesInView() async throws {
        try await withTemporaryDatabase { database, _ in
            let plan = try await database.read { connection in
                try connection.query(
                    "EXPLAIN QUERY PLAN " + SQLiteRideRepository.leaveOthersBehindSQL, [.integer(1), .integer(2)]
                )
                .map { try $0.string("detail") }
            }
            #expect(plan.contains { $0.contains("USING INDEX rides_in_view") }, "\(plan)")
        }
    }
}

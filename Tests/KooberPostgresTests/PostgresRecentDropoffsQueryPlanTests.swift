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
            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            let plan: [String]
            do {
                plan = try await Self.plan(on: database)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
            let text = plan.joined(separator: "\n")
            #expect(text.contains("Index Only Scan Backward using rides_by_user_dropoff on rides"), "\(text)")
            #expect(!text.contains("Seq Scan on rides"), "\(text)")
        }
    }

    private static func plan(on database: KooberPostgres.PostgresDatabase) async throws -> [String] {
        try await database.transaction { transaction in
            try await transaction.execute("SET LOCAL enable_seqscan = off")
            var binds = PostgresBindings(capacity: 2)
            binds.append(Int64(1))
            binds.append(Int64(5))
            return try await transaction.query(
                PostgresQuery(unsafeSQL: "EXPLAIN " + PostgresSavedPlaceRepository.recentSQL, binds: binds)
            ).map { try $0.decode(String.self) }
        }
    }
}

import Foundation
import KooberTestSupport
import PostgresNIO

@testable import KooberPostgres

/// `sql`'s plan on the database at `url`, its lines joined: `EXPLAIN` with `binds`, with sequential scans turned off
/// (and `settings`, each a `SET LOCAL`), so that the planner's choice on a test's tiny tables does not hide whether an
/// index can serve the query.
func queryPlan(
    of sql: String, binds: PostgresBindings, url: PostgresURL, settings: [String] = []
) async throws -> String {
    let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
    do {
        let plan = try await database.transaction { transaction in
            for setting in ["enable_seqscan = off"] + settings {
                try await transaction.execute(PostgresQuery(unsafeSQL: "SET LOCAL " + setting))
            }
            return try await transaction.query(PostgresQuery(unsafeSQL: "EXPLAIN " + sql, binds: binds))
                .map { try $0.decode(String.self) }
        }
        await database.close()
        return plan.joined(separator: "\n")
    } catch {
        await database.close()
        throw error
    }
}

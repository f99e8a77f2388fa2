import KooberTestSupport

@testable import KooberPostgres

/// Runs `body` on a new migrated database of the test server (`TestPostgres`), opened as `koober` opens one, and closes
/// it whichever way `body` ends.
func withOpenMigratedDatabase(_ body: (KooberPostgres.PostgresDatabase) async throws -> Void) async throws {
    try await TestPostgres.withMigratedDatabase { url in
        let database = try await KooberPostgres.PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
        do {
            try await body(database)
            await database.close()
        } catch {
            await database.close()
            throw error
        }
    }
}

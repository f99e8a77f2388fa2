import Foundation
import KooberApp
import KooberKit
import KooberKitTestDoubles
import KooberPostgres
import KooberSQLite
import KooberTestSupport
import Testing

/// The implementations every repository contract runs against.
enum RepositoryKind: CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    /// A database of its own on the server `scripts/with-postgres` starts (`TestPostgres`).
    case postgres

    var testDescription: String {
        switch self {
        case .inMemory: "in memory"
        case .sqlite: "SQLite file"
        case .postgres: "PostgreSQL"
        }
    }
}

/// One store's services as the app wires them: `StoreServices.inMemory()` (the test doubles), and for SQLite and
/// PostgreSQL `KooberDatabase.storeServices(now:)`, the wiring `koober` runs.
typealias Repositories = StoreServices

/// Runs `body` with fresh repositories of `kind`, empty but for the seeded places (`SydneyPlaces`); SQLite ones
/// live on a real temporary file, PostgreSQL ones in a new database on a real server.
func withRepositories(_ kind: RepositoryKind, _ body: (Repositories) async throws -> Void) async throws {
    switch kind {
    case .inMemory:
        try await body(.inMemory())
    case .sqlite:
        try await withTemporaryDatabase { database, _ in
            try await body(KooberDatabase.sqlite(database).storeServices(now: Date.init))
        }
    case .postgres:
        try await TestPostgres.withMigratedDatabase { url in
            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                try await body(KooberDatabase.postgres(database).storeServices(now: Date.init))
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}

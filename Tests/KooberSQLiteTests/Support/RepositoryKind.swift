import Foundation
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

/// One set of repositories sharing one store, as the app would wire them.
struct Repositories: Sendable {
    let users: any UserRepository
    let sessions: any UserSessionRepository
    let failures: any SignInFailureRepository
    let places: any PlaceRepository
    let rides: any RideRepository
    let csrfKeys: any CSRFKeyRepository
    /// The sign-up throttle `koober` uses with this store: in memory with SQLite (one process per file), in the
    /// database with PostgreSQL (shared by every process).
    let signUps: any SignUpThrottling
    /// A session with its rider's ride state in one read: the store's own, else (in memory) the two reads.
    var sessionRideStates: any SessionRideStateRepository {
        storeSessionRideStates ?? SessionThenRideState(sessions: sessions, rides: rides)
    }
    var storeSessionRideStates: (any SessionRideStateRepository)? = nil
}

/// Runs `body` with fresh repositories of `kind`, empty but for the seeded places (`SydneyPlaces`); SQLite ones
/// live on a real temporary file, PostgreSQL ones in a new database on a real server.
func withRepositories(_ kind: RepositoryKind, _ body: (Repositories) async throws -> Void) async throws {
    switch kind {
    case .inMemory:
        let users = InMemoryUserRepository()
        let places = InMemoryPlaceRepository(places: SydneyPlaces.all)
        try await body(
            Repositories(
                users: users,
                sessions: InMemoryUserSessionRepository(users: users),
                failures: InMemorySignInFailureRepository(),
                places: places,
                rides: InMemoryRideRepository(places: places),
                csrfKeys: InMemoryCSRFKeyRepository(),
                signUps: SignUpThrottle()
            )
        )
    case .sqlite:
        try await withTemporaryDatabase { database, _ in
            try await body(
                Repositories(
                    users: SQLiteUserRepository(database: database),
                    sessions: SQLiteUserSessionRepository(database: database),
                    failures: SQLiteSignInFailureRepository(database: database),
                    places: SQLitePlaceRepository(database: database),
                    rides: SQLiteRideRepository(database: database),
                    csrfKeys: SQLiteCSRFKeyRepository(database: database),
                    signUps: SignUpThrottle(),
                    storeSessionRideStates: SQLiteSessionRideStateRepository(database: database)
                )
            )
        }
    case .postgres:
        try await TestPostgres.withMigratedDatabase { url in
            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                try await body(
                    Repositories(
                        users: PostgresUserRepository(database: database),
                        sessions: PostgresUserSessionRepository(database: database),
                        failures: PostgresSignInFailureRepository(database: database),
                        places: PostgresPlaceRepository(database: database),
                        rides: PostgresRideRepository(database: database),
                        csrfKeys: PostgresCSRFKeyRepository(database: database),
                        signUps: PostgresSignUpThrottle(database: database),
                        storeSessionRideStates: PostgresSessionRideStateRepository(database: database)
                    )
                )
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}

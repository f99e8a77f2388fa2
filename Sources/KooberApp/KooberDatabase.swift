import Foundation
import KooberKit
import KooberPostgres
import KooberSQLite

/// The database Koober's state lives in, with the repositories of its kind.
public enum KooberDatabase: Sendable {
    case sqlite(SQLiteDatabase)
    case postgres(PostgresDatabase)

    /// Every repository, on this database.
    struct Repositories {
        let users: any UserRepository
        let sessions: any UserSessionRepository
        let signInFailures: any SignInFailureRepository
        let places: any PlaceRepository
        let rides: any RideRepository
        let fleet: any FleetRepository
        let csrfKeys: any CSRFKeyRepository
        /// A session with its rider's ride state in one read.
        let sessionRideStates: any SessionRideStateRepository
    }

    /// Every repository, on this database; `now` stamps the users' `created_at` (the app's clock).
    func repositories(now: @escaping @Sendable () -> Date) -> Repositories {
        switch self {
        case .sqlite(let database):
            Repositories(
                users: SQLiteUserRepository(database: database, now: now),
                sessions: SQLiteUserSessionRepository(database: database),
                signInFailures: SQLiteSignInFailureRepository(database: database),
                places: SQLitePlaceRepository(database: database),
                rides: SQLiteRideRepository(database: database),
                fleet: SQLiteFleetRepository(database: database),
                csrfKeys: SQLiteCSRFKeyRepository(database: database),
                sessionRideStates: SQLiteSessionRideStateRepository(database: database)
            )
        case .postgres(let database):
            Repositories(
                users: PostgresUserRepository(database: database, now: now),
                sessions: PostgresUserSessionRepository(database: database),
                signInFailures: PostgresSignInFailureRepository(database: database),
                places: PostgresPlaceRepository(database: database),
                rides: PostgresRideRepository(database: database),
                fleet: PostgresFleetRepository(database: database),
                csrfKeys: PostgresCSRFKeyRepository(database: database),
                sessionRideStates: PostgresSessionRideStateRepository(database: database)
            )
        }
    }

    /// The SQLite database, when that is the kind (the tests' files).
    public var sqlite: SQLiteDatabase? {
        if case .sqlite(let database) = self { database } else { nil }
    }

    /// Whether the database answers.
    public func ping() async throws {
        switch self {
        case .sqlite(let database): try await database.ping()
        case .postgres(let database): try await database.ping()
        }
    }

    /// Closes the database: what is queued finishes, then the connections close.
    public func close() async throws {
        switch self {
        case .sqlite(let database): try await database.close()
        case .postgres(let database): await database.close()
        }
    }
}

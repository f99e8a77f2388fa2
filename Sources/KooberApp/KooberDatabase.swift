import Foundation
import KooberKit
import KooberPostgres
import KooberSQLite

/// The database Koober's state lives in, with the services of its kind (`storeServices(now:)`).
public enum KooberDatabase: Sendable {
    case sqlite(SQLiteDatabase)
    case postgres(PostgresDatabase)

    /// Every store-specific service, on this database: the one wiring of each kind of store, used by `koober`
    /// (`KooberStorage.open`) and by the repository contracts. `now` stamps the users' `created_at` (the app's clock).
    ///
    /// The sign-up throttle and the request quota are chosen here for each kind: in this process's memory with SQLite (one process serves a
    /// file), in the database with PostgreSQL (shared by every process). `changes` is what the PostgreSQL database
    /// hears from other processes (`PostgresDatabase.changes`); with SQLite nothing tells it.
    public func storeServices(now: @escaping @Sendable () -> Date) -> StoreServices {
        switch self {
        case .sqlite(let database):
            let links = SQLiteAccountLinkRepository(database: database)
            return StoreServices(
                users: SQLiteUserRepository(database: database, now: now),
                sessions: SQLiteUserSessionRepository(database: database),
                signInFailures: SQLiteSignInFailureRepository(database: database),
                places: SQLitePlaceRepository(database: database),
                rides: SQLiteRideRepository(database: database),
                rideFeedback: SQLiteRideFeedbackRepository(database: database),
                fleet: SQLiteFleetRepository(database: database),
                csrfKeys: SQLiteCSRFKeyRepository(database: database),
                accountLinks: links,
                outbox: links,
                requestQuota: InMemoryRequestQuota(),
                rideShares: SQLiteRideShareRepository(database: database),
                savedPlaces: SQLiteSavedPlaceRepository(database: database),
                sessionRideStates: SQLiteSessionRideStateRepository(database: database),
                scheduledRides: SQLiteScheduledRideRepository(database: database),
                dashboards: SQLiteDashboardRepository(database: database),
                signUpThrottle: SignUpThrottle(),
                staff: SQLiteStaffRepository(database: database),
                auditLog: SQLiteAuditLogRepository(database: database),
                riderAccounts: SQLiteRiderAccountRepository(database: database),
                fleetService: SQLiteFleetServiceRepository(database: database),
                opsRides: SQLiteOpsRideRepository(database: database),
                reports: SQLiteReportRepository(database: database),
                changes: SharedStoreChanges()
            )
        case .postgres(let database):
            let links = PostgresAccountLinkRepository(database: database)
            return StoreServices(
                users: PostgresUserRepository(database: database, now: now),
                sessions: PostgresUserSessionRepository(database: database),
                signInFailures: PostgresSignInFailureRepository(database: database),
                places: PostgresPlaceRepository(database: database),
                rides: PostgresRideRepository(database: database),
                rideFeedback: PostgresRideFeedbackRepository(database: database),
                fleet: PostgresFleetRepository(database: database),
                csrfKeys: PostgresCSRFKeyRepository(database: database),
                accountLinks: links,
                outbox: links,
                requestQuota: PostgresRequestQuota(database: database),
                rideShares: PostgresRideShareRepository(database: database),
                savedPlaces: PostgresSavedPlaceRepository(database: database),
                sessionRideStates: PostgresSessionRideStateRepository(database: database),
                scheduledRides: PostgresScheduledRideRepository(database: database),
                dashboards: PostgresDashboardRepository(database: database),
                signUpThrottle: PostgresSignUpThrottle(database: database),
                staff: PostgresStaffRepository(database: database),
                auditLog: PostgresAuditLogRepository(database: database),
                riderAccounts: PostgresRiderAccountRepository(database: database),
                fleetService: PostgresFleetServiceRepository(database: database),
                opsRides: PostgresOpsRideRepository(database: database),
                reports: PostgresReportRepository(database: database),
                changes: database.changes
            )
        }
    }

    /// The SQLite database, when that is the kind (the tests' files).
    public var sqlite: SQLiteDatabase? {
        if case .sqlite(let database) = self { database } else { nil }
    }

    /// How often a call waited for a connection of the pool, writer and readers (SQLite's pools; PostgreSQL's pool
    /// keeps no such count).
    public var poolWaits: (writer: Int, readers: Int)? {
        if case .sqlite(let database) = self { database.poolWaits } else { nil }
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

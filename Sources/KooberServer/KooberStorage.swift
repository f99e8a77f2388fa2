import KooberArgon2
import KooberKit
import KooberSQLite
import KooberWeb
import Logging

/// The composition root's choice of storage: Koober's SQLite database with its repositories, and argon2id.
struct KooberStorage {
    let database: SQLiteDatabase
    let services: KooberServices
    /// The queue in front of argon2id, kept by its type for its `depth` and `shedCount` (metrics).
    let passwordHashQueue: BoundedPasswordHasher

    /// Opens (creating and migrating) the database and seeds the demo account on first start.
    static func open(settings: KooberSettings, logger: Logger) async throws -> KooberStorage {
        let database = try await SQLiteDatabase.open(path: settings.database, logger: logger)
        let users = SQLiteUserRepository(database: database)
        let hasher = BoundedPasswordHasher(Argon2PasswordHasher(), capacity: settings.hashQueueSize)
        if try await SeedDemoAccountUseCase(userRepository: users, passwordHasher: hasher).run() {
            logger.info("Created the demo account \(SeedDemoAccountUseCase.demoAccount.email)")
        }
        let csrfKey = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: database)).run()
        let services = KooberServices(
            userRepository: users,
            sessionRepository: SQLiteUserSessionRepository(database: database),
            signInFailureRepository: SQLiteSignInFailureRepository(database: database),
            placeRepository: SQLitePlaceRepository(database: database),
            rideRepository: SQLiteRideRepository(database: database),
            passwordHasher: hasher,
            csrfKey: csrfKey,
            healthCheck: {
                do {
                    try await database.ping()
                    return true
                } catch {
                    logger.error("Health check failed: \(error)")
                    return false
                }
            },
            secureCookies: settings.secureCookies,
            trustProxy: settings.trustProxy
        )
        return KooberStorage(database: database, services: services, passwordHashQueue: hasher)
    }
}

import KooberArgon2
import KooberKit
import KooberSQLite
import KooberWeb
import Logging

/// The composition root: Koober's SQLite database with its repositories, argon2id behind a bounded queue, and the
/// `KooberServices` made of them. `koober` and the tests build the app through `open` alone, so what they run is
/// the same app; what may differ between them is in `KooberStorageConfiguration`.
public struct KooberStorage: Sendable {
    public let database: SQLiteDatabase
    public let services: KooberServices
    /// The queue in front of argon2id, kept by its type for its `depth` and `shedCount` (metrics).
    public let passwordHashQueue: BoundedPasswordHasher

    /// Opens (creating and migrating) the database, seeds the demo account on first start, loads the form-signing
    /// key, and builds the services, whose health check is whether the database answers.
    public static func open(_ configuration: KooberStorageConfiguration, logger: Logger) async throws -> KooberStorage {
        let database = try await SQLiteDatabase.open(path: configuration.databasePath, logger: logger)
        do {
            return try await KooberStorage(database: database, configuration: configuration, logger: logger)
        } catch {
            try await database.close()
            throw error
        }
    }

    private init(database: SQLiteDatabase, configuration: KooberStorageConfiguration, logger: Logger) async throws {
        let users = SQLiteUserRepository(database: database)
        let hasher = BoundedPasswordHasher(Argon2PasswordHasher(), capacity: configuration.hashQueueSize)
        if try await SeedDemoAccountUseCase(userRepository: users, passwordHasher: hasher).run() {
            logger.info("Created the demo account \(SeedDemoAccountUseCase.demoAccount.email)")
        }
        let rides = SQLiteRideRepository(database: database)
        let fleet = SQLiteFleetRepository(database: database)
        try await fleet.provide(Fleet.members(size: configuration.fleetSize))
        let csrfKey = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: database)).run()
        self.database = database
        self.passwordHashQueue = hasher
        var services = KooberServices(
            userRepository: users,
            sessionRepository: SQLiteUserSessionRepository(database: database),
            signInFailureRepository: SQLiteSignInFailureRepository(database: database),
            placeRepository: SQLitePlaceRepository(database: database),
            rideRepository: rides,
            fleetRepository: fleet,
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
            now: configuration.now,
            secureCookies: configuration.secureCookies,
            trustProxy: configuration.trustProxy
        )
        services.rideClockRate = configuration.rideClockRate
        self.services = services
    }
}

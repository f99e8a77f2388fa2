import KooberArgon2
import KooberKit
import KooberPostgres
import KooberSQLite
import KooberWeb
import Logging

/// The composition root: Koober's database (an SQLite file, or PostgreSQL shared with other processes) with its
/// repositories, argon2id behind a bounded queue, and the `KooberServices` made of them. `koober` and the tests build
/// the app through `open` alone, so what they run is the same app; what may differ between them is in
/// `KooberStorageConfiguration`.
public struct KooberStorage: Sendable {
    public let database: KooberDatabase
    public let services: KooberServices
    /// The queue in front of argon2id, kept by its type for its `depth` and `shedCount` (metrics).
    public let passwordHashQueue: BoundedPasswordHasher

    /// Opens (creating and migrating) the database, seeds the demo account on first start, loads the form-signing
    /// key, and builds the services, whose health check is whether the database answers.
    public static func open(_ configuration: KooberStorageConfiguration, logger: Logger) async throws -> KooberStorage {
        let database: KooberDatabase
        switch configuration.database {
        case .sqlite(let path):
            database = .sqlite(try await SQLiteDatabase.open(path: path, logger: logger))
        case .postgres(let url):
            logger.info("Using the PostgreSQL database \(url)")
            database = .postgres(
                try await PostgresDatabase.open(
                    url: url, timeout: configuration.postgresCallTimeout, changes: SharedStoreChanges(),
                    logger: logger))
        }
        do {
            return try await KooberStorage(database: database, configuration: configuration, logger: logger)
        } catch {
            try await database.close()
            throw error
        }
    }

    private init(
        database: KooberDatabase,
        configuration: KooberStorageConfiguration,
        logger: Logger
    ) async throws {
        let stores = database.storeServices(now: configuration.clock.nowFunction)
        let hasher = BoundedPasswordHasher(Argon2PasswordHasher(), capacity: configuration.hashQueueSize)
        if try await SeedDemoAccountUseCase(userRepository: stores.users, passwordHasher: hasher).run() {
            logger.info("Created the demo account \(SeedDemoAccountUseCase.demoAccount.email)")
        }
        if configuration.providesFleet { try await stores.fleet.provide(Fleet.members(size: configuration.fleetSize)) }
        let csrfKey = try await LoadCSRFKeyUseCase(repository: stores.csrfKeys).run()
        self.database = database
        self.passwordHashQueue = hasher
        self.services = KooberServices(
            stores: stores,
            mail: configuration.mail,
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
            clock: configuration.clock,
            secureCookies: configuration.secureCookies,
            trustProxy: configuration.trustProxy,
            rideClockRate: configuration.rideClockRate,
            staffSecretSealer: configuration.staffSecretSealer
        )
    }
}

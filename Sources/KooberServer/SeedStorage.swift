import KooberApp
import Logging

/// The database `koober seed` writes to: the one `koober` would serve, from `koober`'s own flags and environment
/// (`KooberSettings`: `--database`, `--database-pool-size`, `--fleet-size`, given after `seed <what>` or before it).
enum SeedStorage {
    /// What every `koober seed` subcommand's help says of it.
    static let help = """
        The database is koober's own: --database, --database-pool-size and --fleet-size (or KOOBER_DATABASE, \
        KOOBER_DATABASE_POOL_SIZE, KOOBER_FLEET_SIZE) as koober takes them; see koober --help.
        """

    /// Opens the database through the composition root, as `koober` does (migrating it and seeding the demo account
    /// and the fleet), runs `body` with a `Seeder` on its repositories, and closes it. Logs go to standard error:
    /// standard output is what was seeded.
    static func withSeeder<Result>(
        _ koober: KooberCommand, _ body: (Seeder) async throws -> Result
    ) async throws -> Result {
        let settings = try KooberSettings(command: koober, environment: Environment())
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let storage = try await KooberStorage.open(settings.storage, logger: Logger(label: "koober.seed"))
        do {
            let result = try await body(Seeder(services: storage.services, fleetSize: settings.fleetSize))
            try await storage.database.close()
            return result
        } catch {
            try? await storage.database.close()
            throw error
        }
    }
}

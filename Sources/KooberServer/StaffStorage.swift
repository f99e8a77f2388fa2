import Foundation
import KooberApp
import KooberKit
import Logging

/// The database `koober staff` works on: the one `koober` would serve, from `koober`'s own flags and environment
/// (`KooberSettings`), opened through the composition root as `koober seed` opens it.
enum StaffStorage {
    /// What every `koober staff` subcommand's help says of it.
    static let help = """
        The database is koober's own: --database (or KOOBER_DATABASE) as koober takes it; the staff key is \
        --staff-key-file (or KOOBER_STAFF_KEY_FILE); see koober --help.
        """

    /// What a subcommand works with: the staff repository, the time, the public URL, and a way to tell the operator.
    struct Context {
        let repository: any StaffRepository
        let now: @Sendable () -> Date
        /// The address staff reach Koober at, without a trailing slash (`MailSettings.publicURL`).
        let publicURL: String

        /// Tells the operator something on standard error: standard output is what was asked for.
        func note(_ text: String) {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    /// Opens the database, makes sure of the staff key when `needsKey` (`StaffKeyFile`), runs `body`, and closes the
    /// database. Logs go to standard error.
    static func withStaff(
        _ koober: KooberCommand, needsKey: Bool, _ body: (Context) async throws -> Void
    ) async throws {
        let settings = try KooberSettings(command: koober, environment: Environment())
        if needsKey { try makeSureOfKey(settings) }
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "koober.staff")
        logger.logLevel = .warning
        var configuration = settings.storage
        configuration.providesFleet = false  // a deployment's --fleet-size is its processes', not this command's
        let storage = try await KooberStorage.open(configuration, logger: logger)
        let context = Context(
            repository: storage.services.staffRepository, now: storage.services.now,
            publicURL: storage.services.mail.publicURL)
        do {
            try await body(context)
            try await storage.database.close()
        } catch {
            try? await storage.database.close()
            throw error
        }
    }

    /// The staff key must be had before a link is printed: made beside an SQLite file (or where it is named) when
    /// there is none, and named when the database is PostgreSQL, whose processes must all share one.
    private static func makeSureOfKey(_ settings: KooberSettings) throws {
        guard let path = settings.staffKeyFile else {
            guard case .postgres = settings.database else { return }  // :memory: lives and dies with this process
            throw StaffCommandError(
                """
                With PostgreSQL, koober staff add needs --staff-key-file (or KOOBER_STAFF_KEY_FILE): the one key \
                file that every koober process on this database is given
                """)
        }
        let existed = FileManager.default.fileExists(atPath: path)
        do {
            _ = try StaffKeyFile.sealer(at: path, createIfMissing: true)
        } catch let error as StaffKeyFileError {
            throw StaffCommandError(error.description)
        }
        if !existed {
            FileHandle.standardError.write(
                Data("Created the staff key file \(path) (mode 0600): every koober on this database needs it\n".utf8))
        }
    }
}

/// Why `koober staff` refused, in words for the operator: printed as `Error: …`, exit code 1.
struct StaffCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

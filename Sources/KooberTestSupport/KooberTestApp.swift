import Foundation
import HTTPServer
import KooberApp
import KooberKit
import KooberSQLite
import KooberWeb
import Logging
import TestBrowsing
import TestKit

/// The whole of Koober as the tests run it, built by the composition root (`KooberStorage.open`) as `koober` builds
/// it: the real templates and public files, a real SQLite file in a temporary folder, real argon2id behind its queue,
/// the demo account seeded, the real health check, and a clock the test controls.
///
/// The database closes when the last thing using it lets go (`SQLiteDatabase` stops its threads and closes its
/// connections then), so a test may drop the app while a browser it made is still in use; `close()` closes it at
/// once, as `koober` does when it stops.
public final class KooberTestApp: Sendable {
    public let container: KooberAppDependencyContainer
    public let database: SQLiteDatabase
    /// The queue in front of argon2id (`KooberStorageConfiguration.hashQueueSize` places).
    public let passwordHashQueue: BoundedPasswordHasher
    public let clock: TestClock
    public let responder: any Responder
    public let databasePath: String
    /// Where the app's mail goes as `.eml` files when its sender runs (`container.mailSender.runOnce()`).
    public let mailFolder: String
    /// The address the app's links in mail start with.
    public static let publicURL = "http://koober.test"
    /// The staff key of this app alone: Koober Ops is set up in every test app.
    public let staffSecretSealer: StaffSecretSealer

    /// Starts Koober on `databasePath` (a new temporary file by default) with `services` adjusted by `configure`.
    public init(
        databasePath: String = KooberTestApp.temporaryDatabasePath(),
        hashQueueSize: Int = KooberStorageConfiguration.defaultHashQueueSize,
        fleetSize: Int = Fleet.defaultSize,
        rideClockRate: Double = 1,
        templatesDirectory: String = ProjectPaths.templates,
        logger: Logger = Logger(label: "koober.test"),
        configure: (inout KooberServices) -> Void = { _ in }
    ) async throws {
        let clock = TestClock()
        let staffSecretSealer = StaffSecretSealer.withNewKey()
        self.staffSecretSealer = staffSecretSealer
        let mailFolder = NSTemporaryDirectory() + "koober-test-mail-\(UUID().uuidString)"
        self.mailFolder = mailFolder
        let storage = try await KooberStorage.open(
            KooberStorageConfiguration(
                database: .sqlite(path: databasePath), hashQueueSize: hashQueueSize, clock: clock,
                fleetSize: fleetSize,
                rideClockRate: rideClockRate,
                mail: .folder(mailFolder, publicURL: KooberTestApp.publicURL),
                staffSecretSealer: staffSecretSealer
            ),
            logger: logger
        )
        var services = storage.services
        configure(&services)
        let staticFiles = try StaticFiles(directory: ProjectPaths.publicFiles)
        container = try await KooberAppDependencyContainer(
            templates: try Self.templates(in: templatesDirectory, assetVersion: staticFiles.version),
            staticFiles: staticFiles,
            services: services,
            logger: logger
        )
        guard let database = storage.database.sqlite else { throw KooberTestAppError.notSQLite }
        self.database = database
        self.passwordHashQueue = storage.passwordHashQueue
        self.databasePath = databasePath
        self.clock = clock
        self.responder = container.makeAppResponder()
    }

    /// Closes the database now: later requests that need it fail as they would in `koober` after it closed.
    public func close() async throws {
        try await database.close()
    }

    /// Test data does not outlive the test: the files go (an open SQLite file may be unlinked on POSIX).
    deinit {
        for suffix in ["", "-wal", "-shm"] {
            unlink(databasePath + suffix)
        }
        try? FileManager.default.removeItem(atPath: mailFolder)
    }

    /// A new browser driving the app in-process.
    public func browser() -> TestBrowser {
        TestBrowser(responder: responder)
    }

    /// A new Koober Cloud client calling the app in-process, as an app would.
    public func cloudClient() -> CloudClient {
        CloudClient(responder: responder)
    }

    /// Runs `body` with the app served by a real `HTTPServer` on an ephemeral loopback port, with Koober's own
    /// error pages for the requests the server refuses; `accessLogger` takes the server's access log (dropped by
    /// default).
    public func withServer<T: Sendable>(
        accessLogger: Logger = Logger(label: "koober.test-server", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (_ port: Int) async throws -> T
    ) async throws -> T {
        try await TestServer.withRunning(
            responder,
            configuration: container.makeServerConfiguration(host: "127.0.0.1", port: 0),
            logger: accessLogger,
            body
        )
    }

    public static func temporaryDatabasePath() -> String {
        NSTemporaryDirectory() + "koober-test-\(UUID().uuidString).sqlite"
    }
}

enum KooberTestAppError: Error {
    /// The test app runs on an SQLite file, whose tables the tests read.
    case notSQLite
}

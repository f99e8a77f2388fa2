import Foundation
import KooberSQLite
import KooberTestSupport
import TestKit
import Testing

/// `KooberTestApp` gives back what it takes: a test makes a hundred of them, and each opens a database file with
/// four connections and four threads of its own.
@Suite struct KooberTestAppTests {
    /// One app's database file and one of the database's threads, to look for once the app is gone.
    private struct Footprint {
        let databasePath: String
        let thread: String

        init(_ app: KooberTestApp) async throws {
            databasePath = app.databasePath
            thread = try await app.database.read { _ in try ProcessResources.currentThread() }
        }

        func isThere() throws -> Bool {
            try !ProcessResources.openFiles(naming: databasePath).isEmpty || ProcessResources.hasThread(thread)
        }
    }

    /// Waits until none of `footprints` is there any more, or `BusyMachine.patience` has passed.
    private func waitUntilGone(_ footprints: [Footprint]) async throws {
        _ = try await eventually { try !footprints.contains { try $0.isThere() } }
    }

    @Test func appsLetGoOfCloseTheirDatabaseFilesAndStopTheirThreads() async throws {
        var footprints: [Footprint] = []
        for _ in 0..<8 {
            let app = try await KooberTestApp()
            let browser = app.browser()
            try await browser.signIn(email: "johnny@gmail.com", password: "password")
            let footprint = try await Footprint(app)
            #expect(try ProcessResources.openFiles(naming: footprint.databasePath).count >= 4)
            #expect(ProcessResources.hasThread(footprint.thread))
            footprints.append(footprint)
        }
        try await waitUntilGone(footprints)
        for footprint in footprints {
            #expect(try ProcessResources.openFiles(naming: footprint.databasePath) == [])
            #expect(!ProcessResources.hasThread(footprint.thread))
        }
    }

    @Test func closingTheAppClosesItsDatabaseFilesAndStopsItsThreadsAtOnce() async throws {
        let app = try await KooberTestApp()
        let footprint = try await Footprint(app)
        try await app.close()
        #expect(try ProcessResources.openFiles(naming: footprint.databasePath) == [])
        // The thread is joined; the kernel may list it for a moment after it has exited.
        #expect(await eventually { !ProcessResources.hasThread(footprint.thread) })
        withExtendedLifetime(app) {}
    }
}

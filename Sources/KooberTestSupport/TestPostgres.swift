import Foundation
import KooberPostgres
import Logging
import PostgresNIO
import TestKit

/// The PostgreSQL server the tests use: `scripts/with-postgres` starts one and names it in
/// `KOOBER_TEST_POSTGRES_URL`. Each test gets a database of its own on it, made new and dropped after.
public enum TestPostgres {
    public struct NotConfigured: Error, CustomStringConvertible {
        public let description = """
            KOOBER_TEST_POSTGRES_URL is not set, so the PostgreSQL tests have no server. Run the tests through \
            scripts/with-postgres (it starts PostgreSQL 15 on a free loopback port and stops it after): \
            scripts/with-postgres swift test. It needs Debian's PostgreSQL: sudo apt-get install postgresql
            """
    }

    /// The deadline of one database call in tests: the suite starts hundreds of tests at once on two cores, where a
    /// call that takes milliseconds alone has taken more than the 5 s `koober` allows, and (in the suite's first
    /// minute, CI runs of issue 33) more than 20 s. It only keeps a test from waiting for ever; tests of a deadline set
    /// their own.
    public static let callTimeout = BusyMachine.patience * 3

    /// The server's URL; fails the test, saying how to get a server, when there is none.
    public static func serverURL() throws -> PostgresURL {
        guard let text = ProcessInfo.processInfo.environment["KOOBER_TEST_POSTGRES_URL"], !text.isEmpty else {
            throw NotConfigured()
        }
        return try PostgresURL(text)
    }

    /// At most this many tests use the server at once. The suite starts its 70-odd PostgreSQL tests together with
    /// hundreds of others on two cores: each made its database and migrated it at the same moment, and a migration
    /// (one call, one deadline) took longer than `callTimeout` in a CI run. Taking turns keeps the server's work per
    /// moment what a handful of tests make; a test waiting for its turn has no call and no deadline running yet.
    private static let slots = TestDatabaseSlots(count: 8)

    /// Runs `body` with the URL of a new, empty database on the test server, dropped afterwards whatever happens: for
    /// the tests of migrating itself.
    public static func withDatabase<T>(_ body: (PostgresURL) async throws -> T) async throws -> T {
        try await withNewDatabase(copying: nil, body)
    }

    /// Runs `body` with the URL of a new database that has Koober's schema already, dropped afterwards whatever
    /// happens. It is a copy of a template migrated once per test process (`CREATE DATABASE … TEMPLATE`, a copy of
    /// files): migrating every test's database (dozens of statements each, many tests at once) is what starved the
    /// server on a busy machine, and a call waited past the tests' patience.
    public static func withMigratedDatabase<T>(_ body: (PostgresURL) async throws -> T) async throws -> T {
        try await withNewDatabase(copying: try await template.name(on: try serverURL()), body)
    }

    /// The migrated template, made once per test process.
    private static let template = MigratedTemplate()

    private actor MigratedTemplate {
        private var making: Task<String, any Error>?

        func name(on server: PostgresURL) async throws -> String {
            if let making { return try await making.value }
            let making = Task {
                let name = "koober_template_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
                try await TestPostgres.administer(server, "CREATE DATABASE \(name)")
                var url = server
                url.database = name
                // Opening migrates it; closing leaves no connection to it, as copying it needs.
                let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
                await database.close()
                // Its server processes end soon after; copying waits only 5 s for them, which a busy machine can take.
                _ = await eventually(within: TestPostgres.callTimeout) {
                    let left = try? await TestPostgres.administer(
                        server, "SELECT 1 FROM pg_stat_activity WHERE datname = '\(name)'")
                    return left == 0
                }
                return name
            }
            self.making = making
            return try await making.value
        }
    }

    private static func withNewDatabase<T>(copying template: String?, _ body: (PostgresURL) async throws -> T)
        async throws -> T
    {
        let server = try serverURL()
        await slots.acquire()
        do {
            let result = try await withNewDatabase(on: server, copying: template, body)
            await slots.release()
            return result
        } catch {
            await slots.release()
            throw error
        }
    }

    private static func withNewDatabase<T>(
        on server: PostgresURL, copying template: String?, _ body: (PostgresURL) async throws -> T
    ) async throws -> T {
        let name = "koober_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await administer(server, "CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? ""))
        var url = server
        url.database = name
        do {
            let result = try await body(url)
            try await administer(server, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            _ = try? await administer(server, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }

    /// Runs one statement (made by the tests, never from input) on its own connection to the server's database.
    ///
    /// - Returns: how many rows it answered.
    @discardableResult
    fileprivate static func administer(_ server: PostgresURL, _ sql: String) async throws -> Int {
        let connection = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database, tls: .disable
            ),
            id: 0,
            logger: Logger(label: "koober.test.postgres")
        )
        do {
            var count = 0
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: sql), logger: Logger(label: "koober.test.postgres"))
            for try await _ in rows { count += 1 }
            try await connection.close()
            return count
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

import Testing

@testable import KooberServer

/// Where the staff key's file is: `--staff-key-file`, else `KOOBER_STAFF_KEY_FILE`, else beside an SQLite file; none
/// for `:memory:` or PostgreSQL, which must be told.
struct StaffKeySettingsTests {
    private func staffKeyFile(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String? {
        try KooberSettings(command: try KooberCommand.parse(arguments), environment: Environment { environment[$0] })
            .staffKeyFile
    }

    @Test func theKeyIsBesideAnSQLiteFileUnlessNamed() throws {
        #expect(try staffKeyFile([]) == "koober.sqlite.staff-key")
        #expect(try staffKeyFile(["--database", "/data/koober.sqlite"]) == "/data/koober.sqlite.staff-key")
        #expect(try staffKeyFile(["--database", ":memory:"]) == nil)
        #expect(try staffKeyFile([], ["KOOBER_STAFF_KEY_FILE": "/run/secrets/staff"]) == "/run/secrets/staff")
        #expect(
            try staffKeyFile(["--staff-key-file", "/etc/k"], ["KOOBER_STAFF_KEY_FILE": "/run/secrets/staff"])
                == "/etc/k")
    }

    @Test func postgreSQLHasNoKeyUnlessNamed() throws {
        let postgres = ["--database", "postgres://koober@db.internal:5432/koober"]
        #expect(try staffKeyFile(postgres) == nil)
        #expect(try staffKeyFile(postgres + ["--staff-key-file", "/run/secrets/staff"]) == "/run/secrets/staff")
    }
}

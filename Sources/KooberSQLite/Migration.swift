/// One numbered step of the schema. Versions start at 1 and increase, and each runs exactly once per database file:
/// the file records every one applied (`koober_migrations`), and at open every migration not recorded yet runs, in
/// order, lower numbers included (GRDB's rule). So a migration that lands after a higher-numbered one (two branches
/// adding one each at once) still runs on files already migrated past it.
public struct Migration: Sendable {
    public let version: Int
    /// One or more SQL statements, without bindings.
    public let sql: String
    /// Data the step inserts after `sql`, with bound values: seed data never has to be escaped into SQL text.
    public let seeds: [MigrationSeed]
    /// Work on the rows that SQL cannot do (a rule of KooberKit's applied to what is stored), last, in the step's
    /// transaction.
    public let rewrite: (@Sendable (SQLiteConnection) throws -> Void)?

    public init(
        version: Int, sql: String, seeds: [MigrationSeed] = [],
        rewrite: (@Sendable (SQLiteConnection) throws -> Void)? = nil
    ) {
        self.version = version
        self.sql = sql
        self.seeds = seeds
        self.rewrite = rewrite
    }
}

extension SQLiteConnection {
    /// The highest version applied (`PRAGMA user_version`, which the file has always kept, and which older builds
    /// read to refuse a file newer than they are); 0 for a new file.
    public func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?.int("user_version") ?? 0
    }

    /// The versions the file records as applied (`koober_migrations`); empty for a new file.
    public func appliedMigrations() throws -> Set<Int> {
        guard try hasMigrationRecord() else { return [] }
        return Set(try query("SELECT version FROM koober_migrations").map { try $0.int("version") })
    }

    /// Applies every migration the file has not recorded, in order, each in its own `BEGIN IMMEDIATE` transaction
    /// with its record: a failing migration leaves the file as the ones before it left it, and two processes starting
    /// at once cannot both run one, because whether it is recorded is read again under the write lock. A file that
    /// records a migration these do not know (a newer build's) is refused.
    ///
    /// A file from before the record (its one `PRAGMA user_version`, the highest version applied) first gets the
    /// record, of every migration up to that version: exactly what the old rule had applied.
    ///
    /// - Returns: the versions applied now (empty when the file was up to date).
    @discardableResult
    public func migrate(_ migrations: [Migration]) throws -> [Int] {
        for (index, migration) in migrations.enumerated() {
            let lowest = index == 0 ? 1 : migrations[index - 1].version + 1
            guard migration.version >= lowest, index > 0 || migration.version == 1 else {
                throw SQLiteError.invalidMigrations("migration \(index + 1) has version \(migration.version)")
            }
        }
        let applied = try transaction { connection in try connection.recordOfMigrations(knowing: migrations) }
        var ran: [Int] = []
        for migration in migrations where !applied.contains(migration.version) {
            let didRun = try transaction { connection in
                // Read again under the write lock: another process may have run it meanwhile.
                guard try !connection.appliedMigrations().contains(migration.version) else { return false }
                try connection.executeScript(migration.sql)
                for seed in migration.seeds {
                    for row in seed.rows {
                        try connection.execute(seed.sql, row)
                    }
                }
                try migration.rewrite?(connection)
                try connection.record(migration)
                let highest = max(try connection.userVersion(), migration.version)
                // PRAGMA takes no bound parameters; the number comes from this code, never from input.
                try connection.executeScript("PRAGMA user_version = \(highest)")
                return true
            }
            if didRun { ran.append(migration.version) }
        }
        return ran
    }

    private func record(_ migration: Migration) throws {
        try execute("INSERT INTO koober_migrations (version) VALUES (?)", [.integer(Int64(migration.version))])
    }

    private func hasMigrationRecord() throws -> Bool {
        try !query("SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = 'koober_migrations'").isEmpty
    }

    /// The versions recorded as applied, the record made first if the file has none (backfilled from
    /// `user_version`); refuses a file that records, or is at, a version `migrations` do not know.
    private func recordOfMigrations(knowing migrations: [Migration]) throws -> Set<Int> {
        let latest = migrations.last?.version ?? 0
        if try !hasMigrationRecord() {
            let current = try userVersion()
            guard current <= latest else {
                throw SQLiteError.schemaTooNew(fileVersion: current, latestKnownVersion: latest)
            }
            try executeScript("CREATE TABLE koober_migrations (version INTEGER PRIMARY KEY)")
            for migration in migrations where migration.version <= current {
                try record(migration)
            }
        }
        let applied = try appliedMigrations()
        let unknown = applied.subtracting(migrations.map(\.version)).sorted()
        if let newest = unknown.last {
            guard newest < latest else {
                throw SQLiteError.schemaTooNew(fileVersion: newest, latestKnownVersion: latest)
            }
            throw SQLiteError.unknownMigrations(unknown)
        }
        return applied
    }
}

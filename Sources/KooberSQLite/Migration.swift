/// One numbered step of the schema. Versions run 1, 2, 3, … and each runs exactly once per database file:
/// the file remembers the last one applied in `PRAGMA user_version`.
public struct Migration: Sendable {
    public let version: Int
    /// One or more SQL statements, without bindings.
    public let sql: String
    /// Data the step inserts after `sql`, with bound values: seed data never has to be escaped into SQL text.
    public let seeds: [MigrationSeed]

    public init(version: Int, sql: String, seeds: [MigrationSeed] = []) {
        self.version = version
        self.sql = sql
        self.seeds = seeds
    }
}

extension SQLiteConnection {
    /// The schema version recorded in the file (`PRAGMA user_version`); 0 for a new file.
    public func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?.int("user_version") ?? 0
    }

    /// Applies the migrations the file has not seen yet, all in one `BEGIN IMMEDIATE` transaction: a failing
    /// migration leaves the file as it was, and two processes starting at once cannot both migrate, because the
    /// version is read under the write lock. A file whose version is newer than the last migration is refused.
    ///
    /// - Returns: the versions applied now (empty when the file was up to date).
    @discardableResult
    public func migrate(_ migrations: [Migration]) throws -> [Int] {
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            throw SQLiteError.invalidMigrations("migration \(index + 1) has version \(migration.version)")
        }
        let latest = migrations.count
        return try transaction { connection in
            let current = try connection.userVersion()
            guard current <= latest else {
                throw SQLiteError.schemaTooNew(fileVersion: current, latestKnownVersion: latest)
            }
            let pending = migrations.dropFirst(current)
            for migration in pending {
                try connection.executeScript(migration.sql)
                for seed in migration.seeds {
                    for row in seed.rows {
                        try connection.execute(seed.sql, row)
                    }
                }
            }
            if !pending.isEmpty {
                // PRAGMA takes no bound parameters; the number comes from this code, never from input.
                try connection.executeScript("PRAGMA user_version = \(latest)")
            }
            return pending.map(\.version)
        }
    }
}

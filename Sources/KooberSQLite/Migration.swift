/// One numbered step of the schema. Versions start at 1 and increase, and each runs exactly once per database file:
/// the file remembers the last one applied in `PRAGMA user_version`.
///
/// A gap in the numbers is accepted, because two branches may each add a migration at once (one takes the next
/// number, the other the one after). A file already migrated past a gap never runs a migration filled in later,
/// so a gap must be closed before anything ships.
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
        for (index, migration) in migrations.enumerated() {
            let lowest = index == 0 ? 1 : migrations[index - 1].version + 1
            guard migration.version >= lowest, index > 0 || migration.version == 1 else {
                throw SQLiteError.invalidMigrations("migration \(index + 1) has version \(migration.version)")
            }
        }
        let latest = migrations.last?.version ?? 0
        return try transaction { connection in
            let current = try connection.userVersion()
            guard current <= latest else {
                throw SQLiteError.schemaTooNew(fileVersion: current, latestKnownVersion: latest)
            }
            let pending = migrations.filter { $0.version > current }
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

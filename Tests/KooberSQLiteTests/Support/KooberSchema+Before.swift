import KooberSQLite

extension KooberSchema {
    /// The migrations before `version`, and the account's language (24), which today's `SQLiteUserRepository` writes
    /// with every new rider: the schema a test of an older file makes its riders in.
    static func migrationsBefore(_ version: Int) -> [Migration] {
        migrations.filter { $0.version < version || $0.version == 24 }
    }
}

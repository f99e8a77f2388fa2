import KooberSQLite

/// How many rows `table` holds (a name from the test's own code, never from input).
func rowCount(_ table: String, in database: SQLiteDatabase) async throws -> Int {
    try await database.read { connection in
        try connection.query("SELECT count(*) AS n FROM \(table)")[0].int("n")
    }
}

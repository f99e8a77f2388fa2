/// Rows a migration inserts: one statement with `?` parameters, run once per row with that row's values bound.
///
/// Binding keeps seed data exactly as written in Swift — an apostrophe needs no doubling, an accent stays the same
/// UTF-8 bytes, a coordinate is the same `Double` — and keeps the rule that no value is ever spliced into SQL.
public struct MigrationSeed: Sendable {
    /// One statement, e.g. `INSERT INTO places (id, name) VALUES (?, ?)`.
    public let sql: String
    /// The values for each run of `sql`, one array per row, in parameter order.
    public let rows: [[SQLiteValue]]

    public init(sql: String, rows: [[SQLiteValue]]) {
        self.sql = sql
        self.rows = rows
    }
}

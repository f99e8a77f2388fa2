import CSQLite

/// The row a statement has just stepped to, its columns read by position straight from SQLite: no array of values and
/// no look-up by name, for the few reads that walk many rows on every page (Where To?'s shortcuts). Valid only inside
/// the `body` it is handed to (`SQLiteConnection.query(_:_:while:)`); a value of the wrong type, NULL included, throws
/// `SQLiteError.typeMismatch`, as `SQLiteRow`'s getters do.
public struct SQLiteColumns {
    let handle: OpaquePointer
    let statement: SQLiteStatement

    public func int64(_ index: Int32) throws -> Int64 {
        guard sqlite3_column_type(handle, index) == SQLITE_INTEGER else { throw mismatch(index, "integer") }
        return sqlite3_column_int64(handle, index)
    }

    public func string(_ index: Int32) throws -> String {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT else { throw mismatch(index, "text") }
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Every column, by name: the row as `SQLiteConnection.query(_:_:)` returns it.
    public var row: SQLiteRow {
        SQLiteRow(
            columnNames: statement.columnNames,
            values: (0..<Int32(statement.columnNames.count)).map(statement.column))
    }

    private func mismatch(_ index: Int32, _ expected: String) -> SQLiteError {
        let name = statement.columnNames.indices.contains(Int(index)) ? statement.columnNames[Int(index)] : "\(index)"
        return SQLiteError.typeMismatch(column: name, expected: expected, found: statement.column(index))
    }
}

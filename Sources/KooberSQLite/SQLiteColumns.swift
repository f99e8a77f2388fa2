/// The row a statement has just stepped to, its columns read by position: no array of values and no look-up by name,
/// for the few reads that walk many rows on every page (Where To?'s shortcuts). Valid only inside the `body` it is
/// handed to (`SQLiteConnection.query(_:_:while:)`); a value of the wrong type, NULL included, throws
/// `SQLiteError.typeMismatch`, as `SQLiteRow`'s getters do.
public struct SQLiteColumns {
    let statement: SQLiteStatement

    public func int64(_ index: Int32) throws -> Int64 {
        try typed(index, "integer", \.int64Value)
    }

    public func string(_ index: Int32) throws -> String {
        try typed(index, "text", \.stringValue)
    }

    /// Every column, by name: the row as `SQLiteConnection.query(_:_:)` returns it.
    public var row: SQLiteRow {
        SQLiteRow(
            columns: statement.columns, values: (0..<Int32(statement.columnNames.count)).map(statement.column))
    }

    private func typed<T>(_ index: Int32, _ expected: String, _ extract: (SQLiteValue) -> T?) throws -> T {
        let value = statement.column(index)
        guard let typed = extract(value) else {
            let names = statement.columnNames
            let name = names.indices.contains(Int(index)) ? names[Int(index)] : "\(index)"
            throw SQLiteError.typeMismatch(column: name, expected: expected, found: value)
        }
        return typed
    }
}

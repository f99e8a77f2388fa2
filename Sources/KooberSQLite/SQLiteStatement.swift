import CSQLite

/// SQLite's "copy this value now" destructor; the C macro `SQLITE_TRANSIENT` does not import into Swift.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, owned and cached by one `SQLiteConnection` and used only on that connection's thread
/// of the moment. It is prepared once, then bound, stepped and reset for every use.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: OpaquePointer
    /// Fixed for the life of the statement, so looked up once.
    let columns: SQLiteColumnNames
    var columnNames: [String] { columns.names }

    init(sql: String, database: OpaquePointer) throws {
        var handle: OpaquePointer?
        // SQLITE_PREPARE_PERSISTENT: a hint that the statement is kept and reused, as it is here.
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteError(
                code: sqlite3_extended_errcode(database),
                message: String(cString: sqlite3_errmsg(database))
            )
        }
        self.handle = handle
        self.database = database
        columns = SQLiteColumnNames(
            (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) })
    }

    /// Binds `values` to `?1…?n`, runs the statement to its end and returns its rows.
    func run(_ values: [SQLiteValue]) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try step(values) { columns in
            rows.append(columns.row)
            return true
        }
        return rows
    }

    /// Binds `values` to `?1…?n` and hands each row (its columns) to `body` as the statement yields it, while `body`
    /// returns `true`: rows after the last one wanted are never read. Always leaves the statement reset with its
    /// bindings cleared, so a failure or an early stop never leaves a half-run statement or a stale value behind.
    func step(_ values: [SQLiteValue], _ body: (SQLiteColumns) throws -> Bool) throws {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        let parameterCount = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == parameterCount else {
            throw SQLiteError.failure(
                code: SQLITE_RANGE,
                message: "\(values.count) values bound to a statement with \(parameterCount) parameters"
            )
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)))
        }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                guard try body(SQLiteColumns(statement: self)) else { return }
            case SQLITE_DONE:
                return
            default:
                throw error()
            }
        }
    }

    /// Releases the statement; the connection calls this once, before closing.
    func finalize() {
        sqlite3_finalize(handle)
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .integer(let number):
            return sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            return sqlite3_bind_double(handle, index, number)
        case .text(var text):
            // By byte count, not as a C string, so text holding NUL survives whole.
            return text.withUTF8 { bytes in
                // An empty buffer may have no address, which SQLite would take for NULL.
                guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
                // The 64-bit binder: no length is narrowed to Int32 (which traps past 2 GiB); SQLite itself refuses
                // what is beyond its own limit with SQLITE_TOOBIG.
                return sqlite3_bind_text64(
                    handle, index, base, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(raw.count), transient)
            }
        case .null:
            return sqlite3_bind_null(handle, index)
        }
    }

    /// The current row's value in column `index`.
    func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error() }
    }

    private func error() -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(database), message: String(cString: sqlite3_errmsg(database)))
    }
}

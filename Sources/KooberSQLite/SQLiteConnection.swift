import CSQLite
import Logging

/// One connection to an SQLite database on the libsqlite3 C API, with a cache of prepared statements.
///
/// Opened in `SQLITE_OPEN_NOMUTEX` mode: SQLite does no locking of its own, so the connection must be used by one
/// thread at a time. `SQLiteDatabase` guarantees that by handing each connection to one caller at a time; that
/// hand-over discipline is why the class may be `@unchecked Sendable`. Do not keep a connection beyond the
/// `read`/`write` closure it was passed to.
public final class SQLiteConnection: @unchecked Sendable {
    /// How the connection may use the file.
    public enum Mode: Sendable {
        /// Reads and writes, creating the file if needed.
        case readWrite
        /// Reads only: SQLite itself refuses any write.
        case readOnly
    }

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`: long enough to
    /// ride out a checkpoint or another process's write, short enough that a stuck lock becomes an error.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]
    private let logger: Logger

    /// How many statements this connection has prepared: with the cache, once per distinct SQL text.
    public private(set) var preparedStatementCount = 0

    /// Opens (and in `.readWrite` mode creates) the database at `path`; `":memory:"` opens a private in-memory one.
    public init(path: String, mode: Mode = .readWrite, logger: Logger = Logger(label: "koober.sqlite")) throws {
        self.logger = logger
        let access = mode == .readWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        let flags = access | SQLITE_OPEN_NOMUTEX
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: "\(message) (\(path))")
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        // foreign_keys is per connection and off by default; WAL is a property of the file, set by the writer.
        try execute("PRAGMA foreign_keys = ON")
        if mode == .readWrite {
            try query("PRAGMA journal_mode = WAL")
            // In WAL mode NORMAL syncs at checkpoints, not at every commit: a commit survives a crash of the
            // process (it is in the WAL file), though not necessarily a power cut of the machine.
            try execute("PRAGMA synchronous = NORMAL")
        }
    }

    deinit {
        close()
    }

    /// Runs one statement with `bindings` bound to its parameters (`?` or `?1…`); returns how many rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
        _ = try statement(sql).run(bindings)
        return Int(sqlite3_changes64(try open()))
    }

    /// Runs one statement with `bindings` bound to its parameters and returns every row it yields.
    @discardableResult
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try statement(sql).run(bindings)
    }

    /// Runs one statement with `bindings` bound to its parameters, handing its rows to `body` one by one, their columns
    /// read by position, while `body` returns `true`: a walk down an index that stops when it has what it wants reads
    /// no further.
    public func query(
        _ sql: String, _ bindings: [SQLiteValue] = [], while body: (SQLiteColumns) throws -> Bool
    ) throws {
        try statement(sql).step(bindings, body)
    }

    /// The rowid of the last row this connection inserted.
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Runs a script of several statements without bindings and without caching: for migrations only.
    public func executeScript(_ sql: String) throws {
        let handle = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text)
        }
    }

    /// Finalizes the cached statements and closes the connection; later use throws `SQLiteError.closed`.
    public func close() {
        guard let handle else { return }
        for statement in statements.values { statement.finalize() }
        statements = [:]
        let code = sqlite3_close_v2(handle)
        if code != SQLITE_OK {
            logger.error("Closing SQLite failed", metadata: ["code": "\(code)"])
        }
        self.handle = nil
    }

    /// The cached statement for `sql`, preparing it on first use.
    private func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        // The cache is unbounded on purpose: statements come from SQL literals in the code, a small fixed set.
        let statement = try SQLiteStatement(sql: sql, database: try open())
        preparedStatementCount += 1
        statements[sql] = statement
        return statement
    }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError.closed }
        return handle
    }

    var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    func logRollbackFailure(_ error: any Error) {
        logger.error("Rolling back an SQLite transaction failed", metadata: ["error": "\(error)"])
    }
}

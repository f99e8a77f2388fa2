import Logging
import NIOPosix
import Synchronization

/// Koober's database: one SQLite file in WAL mode, shared by every request.
///
/// Design, and why:
/// - **One writer connection.** SQLite lets one transaction write at a time anyway; giving writes a single
///   connection, handed to one caller at a time, queues them in our process instead of in SQLite's busy loop, and
///   every write runs in `BEGIN IMMEDIATE … COMMIT`, so it holds the lock from its first statement to its commit.
/// - **A small pool of read-only connections.** In WAL mode readers see the last committed state and block
///   neither the writer nor each other, so reads run in parallel beside a write. Read-only connections cannot
///   write by mistake.
/// - **A dedicated `NIOThreadPool`** with one thread per connection runs all SQLite calls, which block on disk
///   and locks. They never run on an NIO event loop (which would stall every connection it serves) nor on Swift's
///   cooperative pool (whose few threads must not block). A caller waiting for a free connection is a suspended
///   task, not a parked thread.
/// - **`:memory:`** is one private database per connection, so there a single connection serves reads and writes.
/// - **Lifecycle.** `open` creates the file and runs the migrations before any request; `close` lets queued work
///   finish, closes the readers and then the writer (whose close checkpoints the WAL), and stops the threads. A
///   database nobody closed closes when the last reference to it goes: its connections close with their pools and
///   its threads stop, so one dropped without `close` (a test's) leaks neither.
///
/// A connection is only valid inside the closure it is passed to: never keep or share it beyond that.
public final class SQLiteDatabase: Sendable {
    /// The file (or `:memory:`) this database was opened on.
    public let path: String
    private let writer: SQLiteConnectionPool
    private let readers: SQLiteConnectionPool
    private let threadPool: NIOThreadPool
    private let isClosed = Atomic<Bool>(false)

    private init(path: String, writer: SQLiteConnectionPool, readers: SQLiteConnectionPool, threadPool: NIOThreadPool) {
        self.path = path
        self.writer = writer
        self.readers = readers
        self.threadPool = threadPool
    }

    /// Nothing can be running now: every call holds the database until it has its answer. So the connections are
    /// all idle, and close as their pools go; only the threads, which know nothing of the database, must be told.
    deinit {
        if !isClosed.load(ordering: .acquiring) {
            threadPool.shutdownGracefully { _ in }
        }
    }

    /// Opens the database at `path` (creating the file) or `":memory:"`, and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - migrations: the schema, in order; Koober's by default.
    ///   - readerCount: read-only connections beside the writer (ignored for `:memory:`).
    public static func open(
        path: String,
        migrations: [Migration] = KooberSchema.migrations,
        readerCount: Int = 3,
        logger: Logger = Logger(label: "koober.sqlite")
    ) async throws -> SQLiteDatabase {
        precondition(readerCount > 0, "at least one reader")
        let inMemory = path == ":memory:"
        let threadPool = NIOThreadPool(numberOfThreads: inMemory ? 1 : readerCount + 1)
        threadPool.start()
        do {
            let (writer, readers) = try await threadPool.runIfActive {
                let writer = try SQLiteConnection(path: path, mode: .readWrite, logger: logger)
                let applied = try writer.migrate(migrations)
                if !applied.isEmpty {
                    logger.info("Migrated the database", metadata: ["path": "\(path)", "versions": "\(applied)"])
                }
                // Opened after the migrations, so no reader ever sees a schema half made.
                let readers = try (inMemory ? 0..<0 : 0..<readerCount).map { _ in
                    try SQLiteConnection(path: path, mode: .readOnly, logger: logger)
                }
                return (writer, readers)
            }
            let writerPool = SQLiteConnectionPool([writer])
            let readerPool = inMemory ? writerPool : SQLiteConnectionPool(readers)
            return SQLiteDatabase(path: path, writer: writerPool, readers: readerPool, threadPool: threadPool)
        } catch {
            try await threadPool.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` on a read-only connection (the only one, for `:memory:`), off the event loops and the
    /// cooperative pool. Each statement sees the last committed state.
    /// How many calls have waited for a connection since the database was opened, by pool: the one writer, and the
    /// readers (the same pool for `:memory:`). A growing count means the pool is too small for the load.
    public var poolWaits: (writer: Int, readers: Int) {
        (writer.waitCount, readers === writer ? 0 : readers.waitCount)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await run(on: readers, body)
    }

    /// Runs `body` on the writer connection inside `BEGIN IMMEDIATE … COMMIT`; when `body` throws, nothing it
    /// did is kept. Writes run one at a time, in the order they asked.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await run(on: writer) { connection in try connection.transaction(body) }
    }

    /// Throws unless the database answers `SELECT 1`: for `/healthz`.
    public func ping() async throws {
        _ = try await read { connection in try connection.query("SELECT 1") }
    }

    /// Waits for the work already queued, closes every connection and stops the threads; later calls throw
    /// `SQLiteError.closed`. Calling it again does nothing.
    public func close() async throws {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let readerConnections = await readers.drain()
        let connections = writer === readers ? readerConnections : readerConnections + (await writer.drain())
        // Readers first: the last connection to close checkpoints the WAL into the main file.
        try await threadPool.runIfActive { for connection in connections { connection.close() } }
        try await threadPool.shutdownGracefully()
    }

    private func run<T: Sendable>(
        on pool: SQLiteConnectionPool,
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws -> T {
        let connection = try await pool.checkOut()
        // runIfActive returns only once `body` has run or never will, so the connection is free again here.
        defer { pool.checkIn(connection) }
        return try await threadPool.runIfActive { try body(connection) }
    }
}

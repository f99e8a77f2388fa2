import KooberKit
import Logging
import NIOCore
import PostgresNIO
import Synchronization
import _ConnectionPoolModule

/// Koober's PostgreSQL database: a pool of at most `poolSize` connections (postgres-nio's `PostgresClient`), shared by
/// every request of this process, beside any number of other `koober` processes on the same database.
///
/// Design, and why:
/// - **A bounded pool.** Each process holds at most `poolSize` connections, so an operator can size PostgreSQL's
///   `max_connections` for N processes. A request waits for a connection as a suspended task, never a thread.
/// - **A deadline on every call** (`timeout`): while PostgreSQL is down or out of connections, the pool would keep
///   a caller waiting for a connection as long as it keeps trying to make one. Past the deadline the call fails
///   with `StorageUnavailableError`, which pages answer with 503, and nothing half-done is committed: a write is one
///   transaction, rolled back with its connection.
/// - **Transactions** where SQLite has them (`transaction`), in `READ COMMITTED`, with what must never happen refused
///   by constraints, as in SQLite: the same partial unique indexes.
/// - **Lifecycle.** `open` connects, runs the migrations (`PostgresSchema`) under an advisory lock, so processes
///   starting together migrate once; `close` ends the pool's task, closing its connections.
/// - **Migrations are not calls.** A schema change (an index built over a long history) or the wait for another
///   process's migration may take far longer than a call's deadline, and a process that gave up on it would never
///   start. So `open` first asks the server to answer within the call's deadline (a server that is down is found
///   out as fast as by any call), then migrates within `migrationTimeout`.
public final class PostgresDatabase: Sendable {
    public let configuration: PostgresURL
    /// Told what other processes change (`open`'s `changes`, heard by `PostgresChanges`); without a listener, a new
    /// one that nothing tells.
    public let changes: SharedStoreChanges
    let client: PostgresClient
    /// The deadline of one call, from asking for a connection to its answer.
    let timeout: Duration
    /// The deadline of one migration, with its wait for the lock (`open`'s `migrationTimeout`).
    let migrationTimeout: Duration
    let logger: Logger
    private let running: Task<Void, Never>
    private let listening = Mutex<Task<Void, Never>?>(nil)
    private let isClosed = Atomic<Bool>(false)

    private init(
        configuration: PostgresURL, timeout: Duration, migrationTimeout: Duration, changes: SharedStoreChanges,
        logger: Logger
    ) {
        self.configuration = configuration
        self.changes = changes
        self.timeout = timeout
        self.migrationTimeout = migrationTimeout
        self.logger = logger
        let client = PostgresClient(configuration: configuration.clientConfiguration, backgroundLogger: logger)
        self.client = client
        self.running = Task { await client.run() }
    }

    /// Connects to the database `url` names and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - url: where the database is, with the most connections this process opens at once (`poolSize`).
    ///   - timeout: how long one call may wait for a connection and its answer.
    ///   - migrationTimeout: how long each migration (with the wait for the lock other processes migrate under)
    ///     may take.
    ///   - changes: told what other processes change, heard on one connection of the pool (`PostgresChanges`).
    public static func open(
        url: PostgresURL,
        timeout: Duration = .seconds(5),
        migrationTimeout: Duration = .seconds(600),
        changes: SharedStoreChanges? = nil,
        logger: Logger = Logger(label: "koober.postgres")
    ) async throws -> PostgresDatabase {
        let database = PostgresDatabase(
            configuration: url, timeout: timeout, migrationTimeout: migrationTimeout,
            changes: changes ?? SharedStoreChanges(), logger: logger)
        do {
            try await database.ping()
            try await database.migrate(PostgresSchema.migrations)
            if let changes {
                let client = database.client
                database.listening.withLock { listening in
                    listening = Task { await PostgresChanges.listen(on: client, telling: changes, logger: logger) }
                }
            }
            return database
        } catch {
            await database.close()
            throw error
        }
    }

    /// Ends the pool: its connections close.
    public func close() async {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if let listener = listening.withLock({ $0 }) {
            listener.cancel()
            await listener.value
        }
        running.cancel()
        await running.value
    }

    /// Whether the database answers.
    public func ping() async throws {
        _ = try await query("SELECT 1")
    }

    /// Runs one statement on a pooled connection and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withDeadline {
            try await self.client.withConnection { connection in
                try await Self.rows(of: query, on: connection, logger: self.logger)
            }
        }
    }

    /// Runs one prepared statement on a pooled connection (preparing it there first if that connection has not yet)
    /// and returns its rows.
    func execute<Statement: PostgresPageStatement>(_ statement: Statement) async throws -> [PostgresRow] {
        try await withDeadline {
            try await self.client.withConnection { connection in
                var rows: [PostgresRow] = []
                for try await row in try await connection.execute(statement, logger: self.logger) { rows.append(row) }
                return rows
            }
        }
    }

    /// Runs `body` in one transaction (`BEGIN` … `COMMIT`) on one pooled connection, within `deadline` (a call's,
    /// unless said); when `body` throws, the transaction is rolled back and the error is `body`'s own.
    func transaction<T: Sendable>(
        within deadline: Duration? = nil,
        _ body: @escaping @Sendable (PostgresTransaction) async throws -> T
    ) async throws -> T {
        try await withDeadline(deadline) {
            try await self.client.withConnection { connection in
                let transaction = PostgresTransaction(connection: connection, logger: self.logger)
                try await transaction.execute("BEGIN")
                do {
                    let value = try await body(transaction)
                    try await transaction.execute("COMMIT")
                    return value
                } catch {
                    // In a task of its own, so that it runs even when this one was cancelled (its deadline passed).
                    // A connection that cannot roll back is closed, so the pool never hands out a connection still
                    // inside this transaction, and the server rolls back what it had when the connection goes.
                    let rolledBack = await Task { (try? await transaction.execute("ROLLBACK")) != nil }.value
                    if !rolledBack { try? await connection.close() }
                    throw error
                }
            }
        }
    }

    static func rows(of query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws
        -> [PostgresRow]
    {
        var rows: [PostgresRow] = []
        for try await row in try await connection.query(query, logger: logger) { rows.append(row) }
        return rows
    }

    /// Runs `work`, or fails with `StorageUnavailableError` when it has not answered within `timeout` (cancelling
    /// it, without waiting for it: `DeadlineRace`) or could not reach the server at all.
    private func withDeadline<T: Sendable>(
        _ deadline: Duration? = nil, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard !isClosed.load(ordering: .acquiring) else { throw StorageUnavailableError(reason: "closed") }
        let timeout = deadline ?? self.timeout
        do {
            return try await DeadlineRace.run(
                within: timeout, expired: { StorageUnavailableError(reason: "no answer within \(timeout)") }, work)
        } catch let error as PSQLError where error.isConnectionFailure {
            throw StorageUnavailableError(reason: "\(error.code)")
        } catch let error as ConnectionPoolError where error != .requestCancelled {
            // The pool has failed to connect for a while (its circuit breaker) or has shut down.
            throw StorageUnavailableError(reason: "\(error)")
        }
    }
}

/// One transaction's connection: statements run in order, inside `PostgresDatabase.transaction`.
struct PostgresTransaction: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    @discardableResult
    func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await PostgresDatabase.rows(of: query, on: connection, logger: logger)
    }

    func execute(_ query: PostgresQuery) async throws {
        _ = try await self.query(query)
    }

    /// Runs one prepared statement in the transaction (preparing it on this connection first if it has not yet).
    func execute<Statement: PostgresPageStatement>(_ statement: Statement) async throws -> [PostgresRow] {
        var rows: [PostgresRow] = []
        for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
        return rows
    }
}

import Synchronization

/// A fixed set of connections handed to one caller at a time. A caller that finds none free waits suspended, in
/// arrival order, holding no thread, until one is checked in.
///
/// Closing is graceful: `drain()` refuses new callers, lets the ones already waiting have their turn, and returns
/// the connections once every one of them is back.
final class SQLiteConnectionPool: Sendable {
    private struct State {
        let size: Int
        var idle: [SQLiteConnection]
        var waiters: [CheckedContinuation<SQLiteConnection, any Error>] = []
        var isDraining = false
        var isDrained = false
        var drainWaiter: CheckedContinuation<[SQLiteConnection], Never>?
        /// Callers that found no connection free and waited, since the pool was made (for the metrics).
        var waits = 0
    }

    private enum CheckIn {
        case handOver(CheckedContinuation<SQLiteConnection, any Error>)
        case drained(CheckedContinuation<[SQLiteConnection], Never>, [SQLiteConnection])
        case keep
    }

    private let state: Mutex<State>

    init(_ connections: [SQLiteConnection]) {
        precondition(!connections.isEmpty, "a pool needs a connection")
        state = Mutex(State(size: connections.count, idle: connections))
    }

    /// How many callers have had to wait for a connection since the pool was made.
    var waitCount: Int { state.withLock { $0.waits } }

    /// A connection for the caller alone, until it is checked in; throws `SQLiteError.closed` once draining.
    func checkOut() async throws -> SQLiteConnection {
        let ready: Result<SQLiteConnection, any Error>? = state.withLock { state in
            if state.isDraining { return .failure(SQLiteError.closed) }
            return state.idle.popLast().map { .success($0) }
        }
        if let ready { return try ready.get() }
        return try await withCheckedThrowingContinuation { continuation in
            let ready: Result<SQLiteConnection, any Error>? = state.withLock { state in
                // Checked again: a connection may have come back, or a drain begun, since the first look.
                if state.isDraining { return .failure(SQLiteError.closed) }
                if let connection = state.idle.popLast() { return .success(connection) }
                state.waiters.append(continuation)
                state.waits += 1
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Returns a connection checked out before: to the longest waiting caller, else to the idle set.
    func checkIn(_ connection: SQLiteConnection) {
        let action: CheckIn = state.withLock { state in
            if !state.waiters.isEmpty { return .handOver(state.waiters.removeFirst()) }
            state.idle.append(connection)
            guard state.isDraining, state.idle.count == state.size, let waiter = state.drainWaiter else { return .keep }
            state.drainWaiter = nil
            return .drained(waiter, takeAll(&state))
        }
        switch action {
        case .handOver(let waiter): waiter.resume(returning: connection)
        case .drained(let waiter, let connections): waiter.resume(returning: connections)
        case .keep: break
        }
    }

    /// Stops handing out connections and returns all of them once the last one is back (none on a second call).
    func drain() async -> [SQLiteConnection] {
        await withCheckedContinuation { continuation in
            let connections: [SQLiteConnection]? = state.withLock { state in
                state.isDraining = true
                if state.isDrained { return [] }
                if state.idle.count == state.size { return takeAll(&state) }
                state.drainWaiter = continuation
                return nil
            }
            if let connections { continuation.resume(returning: connections) }
        }
    }

    private func takeAll(_ state: inout State) -> [SQLiteConnection] {
        state.isDrained = true
        defer { state.idle = [] }
        return state.idle
    }
}

import Synchronization

/// Runs work in a task of its own and answers with its result, or with an error when the deadline passes first: the
/// caller never waits beyond the deadline, even for work that does not heed cancellation (a query on a connection
/// whose server vanished without closing it). Work that lost the race is cancelled and left to end by itself.
final class DeadlineRace<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, any Error>?, tasks: [Task<Void, Never>])>(
        (nil, []))

    private init() {}

    /// `work`'s value, or `expired`'s error when `deadline` passes first; a cancelled caller gets `CancellationError`.
    static func run(
        within deadline: Duration,
        expired: @escaping @Sendable () -> any Error,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = DeadlineRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.state.withLock { $0.continuation = continuation }
                let worker = Task {
                    do {
                        race.finish(.success(try await work()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    race.finish(.failure(expired()))
                }
                race.state.withLock { $0.tasks = [worker, timer] }
                // Finished (or cancelled) before the tasks were kept: they must still be cancelled.
                if race.state.withLock({ $0.continuation == nil }) { race.cancelTasks() }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Answers the caller with `result` unless it was answered already; then cancels whatever is still running.
    private func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        continuation.resume(with: result)
        cancelTasks()
    }

    private func cancelTasks() {
        for task in state.withLock({ $0.tasks }) { task.cancel() }
    }
}

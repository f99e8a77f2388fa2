import EventLoopExecution
import NIOCore
import NIOPosix
import Synchronization

/// Runs work in a task of its own and answers with its result, or with an error when the deadline passes first: the
/// caller never waits beyond the deadline, even for work that does not heed cancellation (a query on a connection
/// whose server vanished without closing it). Work that lost the race is cancelled and left to end by itself.
///
/// The work's task prefers the event loop the caller runs on (a responder's task does), and the timer is set on that
/// loop: postgres-nio answers on its connection's loop, so with the caller, the work and the connection on one loop a
/// call hops no thread. A task without that preference ran on Swift's global pool: four thread hops a call (there,
/// back to the loop to write, there again with the answer, back to the caller), each a context switch on a busy core.
final class DeadlineRace<Value: Sendable>: Sendable {
    private let state = Mutex<
        (continuation: CheckedContinuation<Value, any Error>?, worker: Task<Void, Never>?, timer: Scheduled<Void>?)
    >((nil, nil, nil))

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
                let worker = Task(executorPreference: EventLoopTaskExecutor.current) {
                    do {
                        race.finish(.success(try await work()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                // A timer on an event loop, not a sleeping task: no task, no Dispatch timer, for every call. `any()`
                // is the caller's own loop when it runs on one.
                let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(
                    in: .nanoseconds(deadline.nanoseconds)
                ) {
                    race.finish(.failure(expired()))
                }
                race.state.withLock {
                    $0.worker = worker
                    $0.timer = timer
                }
                // Cancelled before the continuation was kept (the handler below then found nothing to answer).
                if Task.isCancelled { race.finish(.failure(CancellationError())) }
                // Finished (or cancelled) before the worker and timer were kept: they must still be stopped.
                if race.state.withLock({ $0.continuation == nil }) { race.stop() }
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
        stop()
    }

    /// Cancels the work and the timer, whichever is still running.
    private func stop() {
        let (worker, timer) = state.withLock { ($0.worker, $0.timer) }
        worker?.cancel()
        timer?.cancel()
    }
}

extension Duration {
    /// The whole nanoseconds, for NIO's `TimeAmount` (capped, never trapping).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1_000_000_000 else { return .max }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

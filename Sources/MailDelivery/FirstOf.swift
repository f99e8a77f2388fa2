import NIOCore
import Timekeeping

/// The first of a future's outcome and a deadline on an `AppClock` (or the task's cancellation): the deadline does
/// not wait for the future, and a value that comes too late is handed to `discardLate` (a channel, to close).
enum FirstOf {
    static func future<Value: Sendable>(
        _ future: EventLoopFuture<Value>, orDeadline deadline: Duration, on clock: any AppClock,
        failure: @escaping @Sendable (any Error) -> SMTPAbort, timeout: SMTPAbort,
        discardLate: @escaping @Sendable (Value) -> Void
    ) async -> Result<Value, SMTPAbort> {
        let once = ResumeOnce<Result<Value, SMTPAbort>>()
        let timer = Task {
            do { try await clock.sleep(for: deadline) } catch { return }
            once.resume(returning: .failure(timeout))
        }
        future.whenComplete { result in
            timer.cancel()
            if !once.resume(returning: result.mapError(failure)), case .success(let value) = result {
                discardLate(value)
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { once.wait(with: $0) }
        } onCancel: {
            timer.cancel()
            once.resume(returning: .failure(.retryLater("cancelled")))
        }
    }
}

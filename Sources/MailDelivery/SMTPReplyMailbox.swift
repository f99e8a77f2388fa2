import Synchronization
import Timekeeping

/// Where the channel leaves the server's replies for the dialogue to take, one wait at a time, each with a deadline
/// on the `AppClock`. The first failure (the connection lost, a protocol error) ends it: every later wait gets it, once
/// the replies that came before it are taken. At most `maximumQueued` replies wait unasked for.
final class SMTPReplyMailbox: Sendable {
    static let maximumQueued = 100

    private struct State {
        var queue: [SMTPReply] = []
        var end: SMTPAbort?
        var waiter: (id: Int, continuation: CheckedContinuation<Result<SMTPReply, SMTPAbort>, Never>)?
        var lastWaitID = 0
        /// Waits up to this one have timed out (perhaps before they began waiting).
        var expiredUpTo = 0
    }

    private let state = Mutex(State())

    /// Whether nothing is waiting to be taken.
    var isEmpty: Bool {
        state.withLock { $0.queue.isEmpty }
    }

    /// A reply from the channel.
    func deliver(_ reply: SMTPReply) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<SMTPReply, SMTPAbort>, Never>? in
            guard state.end == nil else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.queue.append(reply)
            if state.queue.count > Self.maximumQueued {
                state.end = .retryLater("the server sent more than \(Self.maximumQueued) replies nobody asked for")
            }
            return nil
        }
        waiter?.resume(returning: .success(reply))
    }

    /// The end of the replies: the connection closed or failed.
    func end(_ abort: SMTPAbort) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<SMTPReply, SMTPAbort>, Never>? in
            if state.end == nil { state.end = abort }
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: .failure(abort))
    }

    /// The next reply, or the failure that ended them, or `.retryLater` once `deadline` passes on `clock`.
    func next(within deadline: Duration, on clock: any AppClock, answering what: String) async -> Result<
        SMTPReply, SMTPAbort
    > {
        let id = state.withLock { state in
            state.lastWaitID += 1
            return state.lastWaitID
        }
        let timeout = SMTPAbort.retryLater("no reply to \(what) within \(deadline)")
        let timer = Task {
            do { try await clock.sleep(for: deadline) } catch { return }
            expire(id, with: timeout)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Result<SMTPReply, SMTPAbort>? in
                    if !state.queue.isEmpty { return .success(state.queue.removeFirst()) }
                    if let end = state.end { return .failure(end) }
                    if state.expiredUpTo >= id { return .failure(Task.isCancelled ? Self.cancelled : timeout) }
                    state.waiter = (id, continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            expire(id, with: Self.cancelled)
        }
    }

    static let cancelled = SMTPAbort.retryLater("cancelled before the server replied")

    private func expire(_ id: Int, with timeout: SMTPAbort) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<SMTPReply, SMTPAbort>, Never>? in
            state.expiredUpTo = max(state.expiredUpTo, id)
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: .failure(timeout))
    }
}

import Foundation
import Synchronization
import Timekeeping

/// A clock that tests move by hand (virtual time): to reach session expiry, the end of a sign-in lockout, a ride's
/// next status or the dispatcher's next look without waiting. Sleepers wake when `advance` passes their deadline,
/// in deadline order; a test that must know something is asleep before it moves time waits for it with
/// `sleepers(atLeast:)`, which orders the events itself instead of guessing how long they take.
public final class TestClock: AppClock {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Tests waiting for a number of sleepers.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    public init(_ start: Date = Date()) {
        state = Mutex(State(now: start))
    }

    public var now: Date {
        state.withLock { $0.now }
    }

    /// How many are asleep on this clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Moves time on by `interval` seconds and wakes every sleeper whose deadline it reaches.
    public func advance(by interval: TimeInterval) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += interval
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }.sorted {
                $0.value.deadline < $1.value.deadline
            }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Moves time on by `duration`.
    public func advance(by duration: Duration) {
        advance(by: duration.timeInterval)
    }

    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, watchers) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    let deadline = state.now + duration.timeInterval
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let count = state.sleepers.count
                    let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
                    state.watchers.removeAll { $0.count <= count }
                    return (nil, ready)
                }
                for watcher in watchers { watcher.resume() }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` sleepers are asleep on this clock.
    public func sleepers(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

import Synchronization

/// A sleep that a ring ends early and that cannot miss one: a service waits on it between looks (the ride
/// dispatcher), and whoever has news for it rings.
///
/// The sleep is a race between the clock and the ring, run as two child tasks, whichever ends first ending the
/// other, so no order of the timer, the ring and the sleep's own start can lose a wake-up: a ring that comes while
/// nobody sleeps is kept and ends the next sleep at once, and a timer that ends before the sleeper is registered
/// still ends the sleep.
public final class WakeUpAlarm: Sendable {
    private struct State {
        /// A ring that came while nobody slept, kept for the next sleep.
        var pending = false
        var sleeper: (id: Int, continuation: CheckedContinuation<Void, Never>)?
        var nextID = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Ends the sleep in progress, or the next one if none is.
    public func ring() {
        let sleeper = state.withLock { state in
            guard let sleeper = state.sleeper else {
                state.pending = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }

    /// Sleeps for `duration` on `clock`, or until a ring (one that came since the last sleep ends this one at once),
    /// or until the task is cancelled.
    public func sleep(for duration: Duration, on clock: any AppClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: duration) }
            group.addTask { await self.waitForRing() }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForRing() async {
        let id = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked and registered at once, under the lock the ring and the cancellation take too.
                let now = state.withLock { state in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.sleeper = (id, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let sleeper = state.sleeper, sleeper.id == id else { return nil }
                state.sleeper = nil
                return sleeper.continuation
            }
            sleeper?.resume()
        }
    }
}

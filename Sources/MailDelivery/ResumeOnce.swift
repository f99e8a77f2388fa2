import Synchronization

/// A value that the first of several settles (the others find it taken), and a continuation that gets it whenever it
/// comes to wait.
final class ResumeOnce<Value: Sendable>: Sendable {
    private enum State {
        case open
        case waiting(CheckedContinuation<Value, Never>)
        case settled(Value)
        case done
    }

    private let state = Mutex(State.open)

    /// Settles it with `value` unless it was settled already; returns whether this call did.
    @discardableResult
    func resume(returning value: Value) -> Bool {
        let (settled, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value, Never>?) in
            switch state {
            case .open:
                state = .settled(value)
                return (true, nil)
            case .waiting(let continuation):
                state = .done
                return (true, continuation)
            case .settled, .done: return (false, nil)
            }
        }
        waiter?.resume(returning: value)
        return settled
    }

    /// Gives `continuation` the value, now if it is settled, or when it is.
    func wait(with continuation: CheckedContinuation<Value, Never>) {
        let value = state.withLock { state -> Value? in
            guard case .settled(let value) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .done
            return value
        }
        if let value { continuation.resume(returning: value) }
    }
}

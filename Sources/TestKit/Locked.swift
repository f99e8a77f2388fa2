import Synchronization

/// A value shared between a test and the responders, handlers or threads it runs, behind a lock.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// The value now.
    public var value: Value { mutex.withLock { $0 } }

    /// Runs `body` with the value, which it may change, while holding the lock.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}

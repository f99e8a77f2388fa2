import Foundation

/// Koober's one source of time for its services: what time it is, and waiting for time to pass. `koober` runs on
/// `SystemClock`; a test gives a clock it moves by hand (`TestClock`), so a schedule or a timeout is tested by
/// advancing time, never by waiting for it.
public protocol AppClock: Sendable {
    /// The time now.
    var now: Date { get }
    /// Returns once `duration` has passed on this clock; throws `CancellationError` when the task is cancelled first.
    func sleep(for duration: Duration) async throws
}

extension AppClock {
    /// The time now, as the closure that use cases and repositories take.
    public var nowFunction: @Sendable () -> Date {
        { [self] in self.now }
    }
}

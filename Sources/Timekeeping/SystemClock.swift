import Foundation

/// The wall clock for the time of day, and the monotonic clock for waiting (a wall clock set back makes no sleep
/// longer).
public struct SystemClock: AppClock {
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}

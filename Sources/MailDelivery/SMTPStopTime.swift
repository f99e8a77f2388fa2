import Foundation
import Synchronization

/// The moment by which the message in hand must be sent (the sender's lease on it, less a margin): every wait on the
/// connection ends by then, whatever `SMTPDeadlines` allows. The transport moves it before each message.
final class SMTPStopTime: Sendable {
    private let stop: Mutex<Date>

    init(_ stop: Date) {
        self.stop = Mutex(stop)
    }

    func move(to stop: Date) {
        self.stop.withLock { $0 = stop }
    }

    /// `deadline`, or less when the stop time comes first (zero once it has passed).
    func bound(_ deadline: Duration, now: Date) -> Duration {
        let left = stop.withLock { $0 }.timeIntervalSince(now)
        guard left < Double(deadline.components.seconds) + 1 else { return deadline }
        return min(deadline, .milliseconds(Int64(max(0, left) * 1000)))
    }
}

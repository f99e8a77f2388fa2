/// Polls `condition` every 10 ms until it holds or `timeout` passes of real time; returns whether it held (checked
/// once more at the end, so a condition that comes true at the deadline still counts).
///
/// Only for what happens outside the test's control (another process, a socket, a thread pool), and only to prove that
/// it happens, not how fast: the timeout is patience on a busy machine, not a measurement. What the test controls
/// (time, the order of events) it drives itself: `TestClock`.
public func eventually(
    within timeout: Duration = BusyMachine.patience, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}

/// How long a test waits for something the server is sure to do soon — close a connection at a timer, answer a health
/// check, stop — when it only proves that it happens, not how fast.
///
/// `swift test` runs six hundred tests at once on the CI machine's two cores, and there a timer or an answer has been
/// seen to come five seconds late. The timers a test is not about are set to 30 s or more, so whatever happens within
/// this bound can only be the one under test.
public enum BusyMachine {
    public static let patience = Duration.seconds(20)
}

extension BusyMachine {
    /// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held (checked once more at
    /// the end, so a condition that comes true at the deadline still counts).
    public static func waitUntil(
        within timeout: Duration = patience, _ condition: () throws -> Bool
    ) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try condition()
    }
}

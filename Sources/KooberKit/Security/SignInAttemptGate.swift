/// Lets one sign-in attempt per email run at a time, across the whole process.
///
/// The throttle reads past failures, checks the password, then records the outcome: without this gate a burst of
/// simultaneous guesses would all read "no failures yet" and all be checked. Attempts for different emails do not
/// wait for each other.
public actor SignInAttemptGate {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    public init() {}

    /// Runs `body` once no other attempt for `email` is running.
    public func withExclusiveAttempt<T: Sendable>(
        for email: String, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        await acquire(email)
        do {
            let result = try await body()
            release(email)
            return result
        } catch {
            release(email)
            throw error
        }
    }

    private func acquire(_ email: String) async {
        guard waiting[email] != nil else {
            waiting[email] = []
            return
        }
        await withCheckedContinuation { waiting[email, default: []].append($0) }
    }

    private func release(_ email: String) {
        guard var queue = waiting[email], !queue.isEmpty else {
            waiting[email] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[email] = queue
        next.resume()  // the gate passes straight to the next attempt; `waiting[email]` stays claimed
    }
}

/// Lets one sign-in attempt per (email, client address) run at a time, across the whole process.
///
/// The throttle reads past failures, checks the password, then records the outcome: without this gate a burst of
/// simultaneous guesses would all read "no failures yet" and all be checked. The strictest limit (5) is per email and
/// address, so that is the pair that takes turns; the wider limits (per address, per email) can be overshot only by
/// the attempts running at once, which the password hasher's bounded queue caps. Keying by the pair also means the
/// rider's own attempt never waits in line behind someone else's guesses at their email.
public actor SignInAttemptGate {
    private struct Key: Hashable {
        let email: String
        let address: String
    }

    private var waiting: [Key: [CheckedContinuation<Void, Never>]] = [:]

    public init() {}

    /// How many (email, address) pairs have an attempt running or waiting: for tests, none once all have ended.
    public var heldKeys: Int { waiting.count }

    /// Runs `body` once no other attempt for `email` from `address` is running.
    public func withExclusiveAttempt<T: Sendable>(
        for email: String, from address: String, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let key = Key(email: email, address: address)
        await acquire(key)
        do {
            let result = try await body()
            release(key)
            return result
        } catch {
            release(key)
            throw error
        }
    }

    private func acquire(_ key: Key) async {
        guard waiting[key] != nil else {
            waiting[key] = []
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    private func release(_ key: Key) {
        guard var queue = waiting[key], !queue.isEmpty else {
            waiting[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue
        next.resume()  // the gate passes straight to the next attempt; `waiting[key]` stays claimed
    }
}

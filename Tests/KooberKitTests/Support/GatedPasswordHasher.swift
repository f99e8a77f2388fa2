import KooberKit
import KooberKitTestDoubles

/// A `FakePasswordHasher`-style hasher whose `verify` holds every caller until the test opens the gate, so a
/// test can see how many sign-ins reach the password check at the same time.
actor GatedPasswordHasher: PasswordHasher {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many `verify` calls have started (whether or not they were let through yet).
    private(set) var verifyCount = 0
    private var verifyWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func hash(_ password: String) async throws -> String {
        FakePasswordHasher.fakeHash(of: password)
    }

    nonisolated func standInHash() -> String {
        FakePasswordHasher.standIn
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        verifyCount += 1
        for watcher in verifyWatchers where watcher.count <= verifyCount { watcher.continuation.resume() }
        verifyWatchers.removeAll { $0.count <= verifyCount }
        if !isOpen {
            await withCheckedContinuation { waiting.append($0) }
        }
        return hash == FakePasswordHasher.fakeHash(of: password)
    }

    /// Returns once `count` calls of `verify` have started: the test then knows they are held at the gate.
    func verifying(atLeast count: Int) async {
        guard verifyCount < count else { return }
        await withCheckedContinuation { verifyWatchers.append((count, $0)) }
    }

    /// Lets every held and every later `verify` through.
    func open() {
        isOpen = true
        for continuation in waiting {
            continuation.resume()
        }
        waiting = []
    }
}

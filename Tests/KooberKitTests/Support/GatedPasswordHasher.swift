import KooberKit
import KooberKitTestDoubles

/// A `FakePasswordHasher`-style hasher whose `verify` holds every caller until the test opens the gate, so a
/// test can see how many sign-ins reach the password check at the same time.
actor GatedPasswordHasher: PasswordHasher {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many `verify` calls have started (whether or not they were let through yet).
    private(set) var verifyCount = 0

    func hash(_ password: String) async throws -> String {
        FakePasswordHasher.fakeHash(of: password)
    }

    nonisolated func standInHash() -> String {
        FakePasswordHasher.standIn
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        verifyCount += 1
        if !isOpen {
            await withCheckedContinuation { waiting.append($0) }
        }
        return hash == FakePasswordHasher.fakeHash(of: password)
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

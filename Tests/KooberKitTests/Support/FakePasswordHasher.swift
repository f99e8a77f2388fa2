import KooberKit

/// A password hasher for use-case tests: instant, deterministic, and it remembers what it was asked.
///
/// The "hash" of a password is `fake$` followed by the password reversed, so a test can tell a stored hash from
/// the password it came from and compute the hash a user should have.
actor FakePasswordHasher: PasswordHasher {
    /// One call of `verify(_:against:)`.
    struct Verification: Equatable, Sendable {
        let password: String
        let hash: String
    }

    /// The passwords `hash(_:)` was asked for, in order.
    private(set) var hashedPasswords: [String] = []
    /// The calls of `verify(_:against:)`, in order.
    private(set) var verifications: [Verification] = []

    static func fakeHash(of password: String) -> String {
        "fake$" + String(password.reversed())
    }

    func hash(_ password: String) async throws -> String {
        hashedPasswords.append(password)
        return Self.fakeHash(of: password)
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        verifications.append(Verification(password: password, hash: hash))
        return hash == Self.fakeHash(of: password)
    }

    /// Not `fake$…`, so no password verifies against it.
    static let standIn = "fake-stand-in"

    nonisolated func standInHash() -> String {
        Self.standIn
    }
}

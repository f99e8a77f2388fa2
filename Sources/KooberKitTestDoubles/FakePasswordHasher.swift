import KooberKit

/// A password hasher for use-case tests: instant, deterministic, and it remembers what it was asked.
///
/// The "hash" of a password is `fake$` followed by the password reversed, so a test can tell a stored hash from
/// the password it came from and compute the hash a user should have.
public actor FakePasswordHasher: PasswordHasher {
    public init() {}

    /// One call of `verify(_:against:)`.
    public struct Verification: Equatable, Sendable {
        public let password: String
        public let hash: String

        public init(password: String, hash: String) {
            self.password = password
            self.hash = hash
        }
    }

    /// The passwords `hash(_:)` was asked for, in order.
    public private(set) var hashedPasswords: [String] = []
    /// The calls of `verify(_:against:)`, in order.
    public private(set) var verifications: [Verification] = []

    public static func fakeHash(of password: String) -> String {
        "fake$" + String(password.reversed())
    }

    public func hash(_ password: String) async throws -> String {
        hashedPasswords.append(password)
        return Self.fakeHash(of: password)
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        verifications.append(Verification(password: password, hash: hash))
        return hash == Self.fakeHash(of: password)
    }

    /// Not `fake$…`, so no password verifies against it.
    public static let standIn = "fake-stand-in"

    public nonisolated func standInHash() -> String {
        Self.standIn
    }
}

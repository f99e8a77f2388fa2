import KooberKit

/// Another hasher made slow: every hash and verification waits `delay` first, so a test can fill a hashing queue
/// with a few sign-ins and keep it full while it looks.
struct SlowPasswordHasher: PasswordHasher {
    let hasher: any PasswordHasher
    let delay: Duration

    func hash(_ password: String) async throws -> String {
        try await Task.sleep(for: delay)
        return try await hasher.hash(password)
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await Task.sleep(for: delay)
        return try await hasher.verify(password, against: hash)
    }

    func standInHash() -> String {
        hasher.standInHash()
    }
}

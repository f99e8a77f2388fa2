import KooberKit

/// A hasher whose every call throws `error`: a full queue (`PasswordHasherError.busy`) or a broken library.
struct ThrowingPasswordHasher: PasswordHasher {
    struct Failure: Error {}

    var error: any Error = Failure()

    func hash(_ password: String) async throws -> String { throw error }
    func verify(_ password: String, against hash: String) async throws -> Bool { throw error }
    func standInHash() -> String { "" }
}

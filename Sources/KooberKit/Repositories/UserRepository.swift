/// Where accounts are kept.
public protocol UserRepository: Sendable {
    /// Stores a new user; throws `UserRepositoryError.emailAlreadyRegistered` when the email is taken.
    func create(_ user: NewUser) async throws -> UserProfile
    /// The user with this (normalised) email and their password hash, if there is one.
    func credentials(forEmail email: String) async throws -> StoredCredentials?
    func profile(id: UserID) async throws -> UserProfile?
}

public enum UserRepositoryError: Error, Equatable, Sendable {
    case emailAlreadyRegistered
}

/// Where accounts are kept.
public protocol UserRepository: Sendable {
    /// Stores a new user; throws `UserRepositoryError.emailAlreadyRegistered` when the email is taken.
    func create(_ user: NewUser) async throws -> UserProfile
    /// The user with this (normalised) email and their password hash, if there is one.
    func credentials(forEmail email: String) async throws -> StoredCredentials?
    func profile(id: UserID) async throws -> UserProfile?
    /// Changes the user's name, nickname and mobile number; the profile as stored, or `nil` without such a user.
    func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws -> UserProfile?
    /// Replaces the user's password hash and raises their credential version (`StoredCredentials`).
    func updatePasswordHash(id: UserID, passwordHash: String) async throws
    /// Removes the user and, where the store keeps them together, everything of theirs (SQLite: sessions, rides with
    /// their events, the chosen drop-off); their email is free again.
    func delete(id: UserID) async throws
    /// Keeps `language` on the account (the Language form of a signed-in rider); an unknown id changes nothing.
    func setLanguage(_ language: Language, for id: UserID) async throws
}

public enum UserRepositoryError: Error, Equatable, Sendable {
    case emailAlreadyRegistered
}

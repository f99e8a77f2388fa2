import Foundation
import KooberKit
import KooberKitTestDoubles

/// A user store as another request leaves it mid-race: the email looks free when checked, but by the time this
/// request stores its user, someone else has registered it.
actor RacedUserRepository: UserRepository {
    private(set) var createAttempts = 0

    func create(_ user: NewUser) async throws -> UserProfile {
        createAttempts += 1
        throw UserRepositoryError.emailAlreadyRegistered
    }

    func credentials(forEmail email: String) async throws -> StoredCredentials? {
        nil
    }

    func profile(id: UserID) async throws -> UserProfile? {
        nil
    }

    func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        nil
    }

    func updatePasswordHash(id: UserID, passwordHash: String) async throws {}

    func delete(id: UserID) async throws {}
    func setLanguage(_ language: Language, for id: UserID) async throws {}
}

/// A user store that answers lookups (no one is registered) but cannot store anyone.
struct ReadOnlyUserRepository: UserRepository {
    func create(_ user: NewUser) async throws -> UserProfile {
        throw StorageFailure(operation: "create user")
    }

    func credentials(forEmail email: String) async throws -> StoredCredentials? {
        nil
    }

    func profile(id: UserID) async throws -> UserProfile? {
        nil
    }

    func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        nil
    }

    func updatePasswordHash(id: UserID, passwordHash: String) async throws {}

    func delete(id: UserID) async throws {}
    func setLanguage(_ language: Language, for id: UserID) async throws {}
}

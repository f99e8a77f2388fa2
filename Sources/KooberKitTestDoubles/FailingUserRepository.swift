import Foundation
import KooberKit

/// A user store that fails at every call.
public struct FailingUserRepository: UserRepository {
    public init() {}

    public func create(_ user: NewUser) async throws -> UserProfile {
        throw StorageFailure(operation: "create user")
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        throw StorageFailure(operation: "credentials")
    }

    public func profile(id: UserID) async throws -> UserProfile? {
        throw StorageFailure(operation: "profile")
    }

    public func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        throw StorageFailure(operation: "update profile")
    }

    public func updatePasswordHash(id: UserID, passwordHash: String) async throws {
        throw StorageFailure(operation: "update password")
    }

    public func delete(id: UserID) async throws {
        throw StorageFailure(operation: "delete user")
    }

    public func setLanguage(_ language: Language, for id: UserID) async throws {
        throw StorageFailure(operation: "set language")
    }
}

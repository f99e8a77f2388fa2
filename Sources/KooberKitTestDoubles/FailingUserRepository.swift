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
}

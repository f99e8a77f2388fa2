import Foundation
import KooberKit

/// What a broken store throws: not something a user can fix, so use cases must let it through.
struct StorageFailure: Error, Equatable {
    let operation: String
}

/// A user store that fails at every call.
struct FailingUserRepository: UserRepository {
    func create(_ user: NewUser) async throws -> UserProfile {
        throw StorageFailure(operation: "create user")
    }

    func credentials(forEmail email: String) async throws -> StoredCredentials? {
        throw StorageFailure(operation: "credentials")
    }

    func profile(id: UserID) async throws -> UserProfile? {
        throw StorageFailure(operation: "profile")
    }
}

/// A session store that fails at every call.
struct FailingUserSessionRepository: UserSessionRepository {
    func create(tokenHash: SessionTokenHash, userID: UserID, now: Date) async throws {
        throw StorageFailure(operation: "create session")
    }

    func session(tokenHash: SessionTokenHash) async throws -> UserSession? {
        throw StorageFailure(operation: "session")
    }

    func touch(tokenHash: SessionTokenHash, now: Date) async throws {
        throw StorageFailure(operation: "touch")
    }

    func delete(tokenHash: SessionTokenHash) async throws {
        throw StorageFailure(operation: "delete session")
    }

    func deleteExpired(idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        throw StorageFailure(operation: "delete expired sessions")
    }
}

/// A sign-in failure store that fails at every call.
struct FailingSignInFailureRepository: SignInFailureRepository {
    func recordFailure(email: String, address: String, at time: Date) async throws {
        throw StorageFailure(operation: "record failure")
    }

    func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int {
        throw StorageFailure(operation: "failure count")
    }

    func lastFailure(_ scope: SignInFailureScope) async throws -> Date? {
        throw StorageFailure(operation: "last failure")
    }

    func clearFailures(email: String, address: String) async throws {
        throw StorageFailure(operation: "clear failures")
    }

    func deleteFailures(before cutoff: Date) async throws {
        throw StorageFailure(operation: "delete failures")
    }
}

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
}

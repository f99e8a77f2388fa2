import Foundation
import KooberKit

/// A session store that fails at every call.
public struct FailingUserSessionRepository: UserSessionRepository {
    public init() {}

    public func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws {
        throw StorageFailure(operation: "create session")
    }

    public func session(tokenHash: SessionTokenHash) async throws -> UserSession? {
        throw StorageFailure(operation: "session")
    }

    public func touch(tokenHash: SessionTokenHash, now: Date) async throws {
        throw StorageFailure(operation: "touch")
    }

    public func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int {
        throw StorageFailure(operation: "delete all sessions")
    }

    public func delete(tokenHash: SessionTokenHash) async throws {
        throw StorageFailure(operation: "delete session")
    }

    public func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        throw StorageFailure(operation: "delete expired sessions")
    }
}

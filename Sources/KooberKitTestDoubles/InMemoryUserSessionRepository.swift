import Foundation
import KooberKit

/// Sessions in memory, for fast tests of use cases. Like the SQLite repository it keeps times to the whole
/// second, refuses a session for an unknown user, and reads the profile from the users at lookup time.
public actor InMemoryUserSessionRepository: UserSessionRepository {
    private struct Record {
        let userID: UserID
        let kind: SessionKind
        let createdAt: Date
        var lastSeenAt: Date
    }

    private let users: any UserRepository
    private var records: [SessionTokenHash: Record] = [:]

    /// - Parameter users: where the sessions' users live (an `InMemoryUserRepository` in tests).
    public init(users: any UserRepository) {
        self.users = users
    }

    /// Throws `InMemoryRepositoryError` when the user does not exist or the hash is already in use.
    public func create(tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date) async throws {
        guard try await users.profile(id: userID) != nil else { throw InMemoryRepositoryError.unknownUser(userID) }
        // Checked after the await: the actor may have run another call meanwhile.
        guard records[tokenHash] == nil else { throw InMemoryRepositoryError.duplicateTokenHash }
        records[tokenHash] = Record(
            userID: userID, kind: kind, createdAt: now.wholeSeconds, lastSeenAt: now.wholeSeconds)
    }

    public func session(tokenHash: SessionTokenHash) async throws -> UserSession? {
        guard let record = records[tokenHash], let profile = try await users.profile(id: record.userID) else {
            return nil
        }
        return UserSession(
            tokenHash: tokenHash,
            profile: profile,
            createdAt: record.createdAt,
            lastSeenAt: record.lastSeenAt,
            kind: record.kind
        )
    }

    public func touch(tokenHash: SessionTokenHash, now: Date) async throws {
        records[tokenHash]?.lastSeenAt = now.wholeSeconds
    }

    public func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int {
        let doomed = records.filter { $0.value.userID == userID && $0.key != keeping }.map(\.key)
        for hash in doomed { records[hash] = nil }
        return doomed.count
    }

    public func delete(tokenHash: SessionTokenHash) async throws {
        records[tokenHash] = nil
    }

    @discardableResult
    public func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        let idleCutoff = idleCutoff.wholeSeconds
        let absoluteCutoff = absoluteCutoff.wholeSeconds
        let before = records.count
        records = records.filter {
            $0.value.kind != kind || ($0.value.lastSeenAt >= idleCutoff && $0.value.createdAt >= absoluteCutoff)
        }
        return before - records.count
    }
}

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

    private let users: InMemoryUserRepository
    /// The share links that end with the rider's sessions (`deleteAll`).
    private let shareLinks: InMemoryShareLinks
    private var records: [SessionTokenHash: Record] = [:]

    /// - Parameters:
    ///   - users: where the sessions' users live.
    ///   - shareLinks: the share links that end with a rider's sessions (`deleteAll`).
    public init(users: InMemoryUserRepository, shareLinks: InMemoryShareLinks = InMemoryShareLinks()) {
        self.users = users
        self.shareLinks = shareLinks
    }

    /// Throws `UserSessionRepositoryError.accessChanged` when the user does not exist or their credentials are not
    /// at `credentialVersion`, `.accountLocked` while the account is locked, and `InMemoryRepositoryError.duplicateTokenHash` when the hash is already in use.
    ///
    /// The users are another actor, so the version is read again after the session is stored: a change that ends
    /// access raises the version before it deletes the sessions (`deleteAll`), so either this sees the new version
    /// and takes its session back, or the change's delete comes after it and takes it.
    public func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws {
        guard let before = await users.credentialVersion(id: userID), credentialVersion ?? before == before else {
            throw UserSessionRepositoryError.accessChanged
        }
        // A lock raises the version before it ends the sessions, so one that comes after this check is seen below.
        guard await users.lock(id: userID) == nil else { throw UserSessionRepositoryError.accountLocked }
        // Checked after the await: the actor may have run another call meanwhile.
        guard records[tokenHash] == nil else { throw InMemoryRepositoryError.duplicateTokenHash }
        records[tokenHash] = Record(
            userID: userID, kind: kind, createdAt: now.wholeSeconds, lastSeenAt: now.wholeSeconds)
        guard await users.credentialVersion(id: userID) == before else {
            records[tokenHash] = nil
            throw UserSessionRepositoryError.accessChanged
        }
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
        await users.raiseCredentialVersion(id: userID)
        shareLinks.deleteAll(userID: userID)
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

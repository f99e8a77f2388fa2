import Foundation

/// Where sessions are kept, by the hash of their token only.
public protocol UserSessionRepository: Sendable {
    /// Starts a session of `kind` for `userID` at `now`, in one step with the check that the user's credentials are
    /// still at `credentialVersion` (any version when `nil`). Throws `UserSessionRepositoryError.accessChanged`, and
    /// stores nothing, when they are not or the user is gone: a sign-in checked before a password change, Sign Out
    /// Everywhere or the account's deletion never outlives it (SPEC.md, "Ending access is final"). Throws
    /// `.accountLocked`, storing nothing, while Koober Ops has the account locked (whatever the version), checked in
    /// the same step, so a sign-in racing a lock never leaves a session after it.
    func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws
    /// The session with this hash, if it exists (expiry is the caller's to judge, see `SessionPolicy`).
    func session(tokenHash: SessionTokenHash) async throws -> UserSession?
    /// Records that the session was used at `now`.
    func touch(tokenHash: SessionTokenHash, now: Date) async throws
    func delete(tokenHash: SessionTokenHash) async throws
    /// Deletes every session of the user except `keeping` (all of them when `nil`) and raises the user's credential
    /// version first, in one transaction, so no sign-in already checked can store a session after it; returns how
    /// many.
    @discardableResult
    func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int
    /// Deletes the sessions of `kind` idle since before `idleCutoff` or created before `absoluteCutoff` (each kind
    /// lives by its own `SessionPolicy`); returns how many.
    @discardableResult
    func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int
}

extension UserSessionRepository {
    /// Starts a session of `kind` whatever the user's credential version.
    public func create(tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date) async throws {
        try await create(tokenHash: tokenHash, userID: userID, kind: kind, now: now, credentialVersion: nil)
    }

    /// Starts a browser's session (`web`).
    public func create(tokenHash: SessionTokenHash, userID: UserID, now: Date) async throws {
        try await create(tokenHash: tokenHash, userID: userID, kind: .web, now: now)
    }
}

public enum UserSessionRepositoryError: Error, Equatable, Sendable {
    /// The user's credentials changed since they were checked, or the user is gone: no session was stored.
    case accessChanged
    /// Koober Ops has locked the account (`RiderAccountRepository.lock`): no session was stored.
    case accountLocked
}

import Foundation

/// Where sessions are kept, by the hash of their token only.
public protocol UserSessionRepository: Sendable {
    /// Starts a session of `kind` for `userID` at `now`.
    func create(tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date) async throws
    /// The session with this hash, if it exists (expiry is the caller's to judge, see `SessionPolicy`).
    func session(tokenHash: SessionTokenHash) async throws -> UserSession?
    /// Records that the session was used at `now`.
    func touch(tokenHash: SessionTokenHash, now: Date) async throws
    func delete(tokenHash: SessionTokenHash) async throws
    /// Deletes every session of the user except `keeping` (all of them when `nil`); returns how many.
    @discardableResult
    func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int
    /// Deletes the sessions of `kind` idle since before `idleCutoff` or created before `absoluteCutoff` (each kind
    /// lives by its own `SessionPolicy`); returns how many.
    @discardableResult
    func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int
}

extension UserSessionRepository {
    /// Starts a browser's session (`web`).
    public func create(tokenHash: SessionTokenHash, userID: UserID, now: Date) async throws {
        try await create(tokenHash: tokenHash, userID: userID, kind: .web, now: now)
    }
}

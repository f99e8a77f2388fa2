import Foundation

/// Where sessions are kept, by the hash of their token only.
public protocol UserSessionRepository: Sendable {
    /// Starts a session for `userID` at `now`.
    func create(tokenHash: SessionTokenHash, userID: UserID, now: Date) async throws
    /// The session with this hash, if it exists (expiry is the caller's to judge, see `SessionPolicy`).
    func session(tokenHash: SessionTokenHash) async throws -> UserSession?
    /// Records that the session was used at `now`.
    func touch(tokenHash: SessionTokenHash, now: Date) async throws
    func delete(tokenHash: SessionTokenHash) async throws
    /// Deletes every session of the user except `keeping` (all of them when `nil`); returns how many.
    @discardableResult
    func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int
    /// Deletes sessions idle since before `idleCutoff` or created before `absoluteCutoff`; returns how many.
    @discardableResult
    func deleteExpired(idleCutoff: Date, absoluteCutoff: Date) async throws -> Int
}

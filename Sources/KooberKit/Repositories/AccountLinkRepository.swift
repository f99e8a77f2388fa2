import Foundation

/// Links mailed to riders (reset a password, confirm an email), kept by the hash of their token only, with whether a
/// rider's email is confirmed.
public protocol AccountLinkRepository: Sendable {
    /// Stores `link` for `userID`, ending the rider's earlier links of its purpose, and queues its message, in one
    /// transaction (queued at `link.issuedAt`); nothing when the user is gone.
    func issue(_ link: AccountLinkIssue, for userID: UserID) async throws
    /// Does what `issue` does, for no one: the same reads and writes of a link and its message, in one transaction,
    /// which takes them back out before it commits, so it leaves nothing behind (no link, nothing to send). Forgot
    /// Password does it for an email without an account (or one over its quota), so that its answer takes as long.
    func issueDecoy(_ link: AccountLinkIssue) async throws
    /// The rider whose link of `purpose` this is, while it is valid at `now` (not used, expired or superseded).
    func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws -> UserID?
    /// Uses a valid confirmation link: the rider's email is confirmed. The rider, or `nil` for a link not valid.
    func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID?
    /// Uses a valid reset link, in one transaction: sets the password hash, ends every session and token of the
    /// account and every reset link of it, and raises the credential version. The credentials as they are now (to
    /// start this browser's session at that version), or `nil` for a link not valid.
    func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    /// Whether the rider has confirmed their email.
    func isEmailConfirmed(userID: UserID) async throws -> Bool
}

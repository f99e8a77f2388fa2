import Foundation

/// A new link for a rider, ready to store: its token only as the hash, when it ends, and the message that carries
/// the token, queued with it in one transaction.
public struct AccountLinkIssue: Equatable, Sendable {
    public let purpose: AccountLinkPurpose
    public let tokenHash: SessionTokenHash
    /// When it was made: its message's queue time.
    public let issuedAt: Date
    public let expiresAt: Date
    public let mail: OutgoingMail

    /// A fresh link of `purpose`, valid for `lifetime` from `now`: 256 random bits, as session ids are.
    public init(purpose: AccountLinkPurpose, now: Date, lifetime: TimeInterval) {
        let token = SessionToken.generate()
        self.purpose = purpose
        tokenHash = token.hash
        issuedAt = now
        expiresAt = now + lifetime
        mail = .link(purpose.mailKind, token: token)
    }

    public init(
        purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, issuedAt: Date, expiresAt: Date, mail: OutgoingMail
    ) {
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.mail = mail
    }
}

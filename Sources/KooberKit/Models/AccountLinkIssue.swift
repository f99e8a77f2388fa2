import Foundation
import Timekeeping

/// A new link for a rider, ready to store: a token hash, when it ends, and the message that will carry it, queued with
/// it in one transaction. The token of `tokenHash` is dropped at once (no one can use the link as stored): the sender
/// draws the token it mails when it claims the message, and its hash replaces this one (`MailOutbox.claimDue`), so no
/// usable token rests in the database. The link knows its message by `mail.messageID`.
public struct AccountLinkIssue: Equatable, Sendable {
    public let purpose: AccountLinkPurpose
    public let tokenHash: SessionTokenHash
    /// When it was made: its message's queue time.
    public let issuedAt: Date
    public let expiresAt: Date
    public let mail: OutgoingMail

    /// A fresh link of `purpose`, valid for `lifetime` from `now`: the hash of 256 random bits, as session ids are.
    public init(purpose: AccountLinkPurpose, now: Date, lifetime: Duration) {
        self.purpose = purpose
        tokenHash = SessionToken.generate().hash
        issuedAt = now
        expiresAt = now + lifetime
        mail = .link(purpose.mailKind)
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

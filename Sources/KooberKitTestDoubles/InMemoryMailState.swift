import Foundation
import KooberKit
import Synchronization

/// The mail side of the in-memory store, shared by the users (a sign-up's confirmation link), the rides (a finished
/// ride's receipt) and `InMemoryAccountLinks` (the links and the outbox), so each queues its message in the same
/// step as its change, as the databases do in one transaction.
public final class InMemoryMailState: Sendable {
    struct Link {
        let purpose: AccountLinkPurpose
        let userID: UserID
        let expiresAt: Date
        /// The message that carries it, whose claim draws its token (`mintToken`).
        let messageID: String
    }

    struct Entry {
        let mail: OutgoingMail
        let userID: UserID
        let queuedAt: Date
        var nextAttemptAt: Date
        var attempts: Int
    }

    struct State {
        var links: [SessionTokenHash: Link] = [:]
        var confirmed: Set<UserID> = []
        var entries: [Int64: Entry] = [:]
        var lastEntryID: Int64 = 0
    }

    let state = Mutex(State())

    public init() {}

    /// Stores `link`, ending the rider's earlier links of its purpose, and queues its message.
    func issue(_ link: AccountLinkIssue, for userID: UserID) {
        state.withLock { state in
            state.links = state.links.filter { $0.value.userID != userID || $0.value.purpose != link.purpose }
            state.links[link.tokenHash] = Link(
                purpose: link.purpose, userID: userID, expiresAt: link.expiresAt, messageID: link.mail.messageID)
            Self.queue(link.mail, for: userID, at: link.issuedAt, in: &state)
        }
    }

    /// `issue`'s steps for no one (`UserID.decoy`), taken back out in the same step: nothing is left.
    func issueDecoy(_ link: AccountLinkIssue) {
        state.withLock { state in
            state.links = state.links.filter { $0.value.userID != UserID.decoy || $0.value.purpose != link.purpose }
            state.links[link.tokenHash] = Link(
                purpose: link.purpose, userID: UserID.decoy, expiresAt: link.expiresAt,
                messageID: link.mail.messageID)
            Self.queue(link.mail, for: UserID.decoy, at: link.issuedAt, in: &state)
            state.links[link.tokenHash] = nil
            state.entries[state.lastEntryID] = nil
        }
    }

    /// A fresh token for the link that message `messageID` carries, its hash in place of the link's, while the link
    /// is valid at `now`; `nil` when it is not. Called with the lock held (a claim).
    static func mintToken(forMessage messageID: String, at now: Date, in state: inout State) -> String? {
        guard let (hash, link) = state.links.first(where: { $0.value.messageID == messageID }), link.expiresAt > now
        else { return nil }
        let token = SessionToken.generate()
        state.links[hash] = nil
        state.links[token.hash] = link
        return token.value
    }

    /// Queues a message that goes only to a confirmed email (a receipt, the scheduled rides' mails), if it is.
    func queueIfConfirmed(_ mail: OutgoingMail, for userID: UserID, at now: Date) {
        state.withLock { state in
            guard state.confirmed.contains(userID) else { return }
            Self.queue(mail, for: userID, at: now, in: &state)
        }
    }

    /// Everything of a deleted rider's goes with them, as the databases' foreign keys cascade.
    func forget(_ userID: UserID) {
        state.withLock { state in
            state.links = state.links.filter { $0.value.userID != userID }
            state.entries = state.entries.filter { $0.value.userID != userID }
            state.confirmed.remove(userID)
        }
    }

    /// Ends the rider's reset links (a password change).
    func endResetLinks(of userID: UserID) {
        state.withLock { state in
            state.links = state.links.filter { $0.value.userID != userID || $0.value.purpose != .passwordReset }
        }
    }

    /// The messages queued, oldest first (for tests).
    public var queued: [OutgoingMail] {
        state.withLock { $0.entries.sorted { $0.key < $1.key }.map(\.value.mail) }
    }

    private static func queue(_ mail: OutgoingMail, for userID: UserID, at now: Date, in state: inout State) {
        state.lastEntryID += 1
        state.entries[state.lastEntryID] = Entry(
            mail: mail, userID: userID, queuedAt: now, nextAttemptAt: now, attempts: 0)
    }
}

import Foundation
import KooberKit

/// Mailed links and the outbox in memory, for fast tests of use cases and of the sender: on the shared
/// `InMemoryMailState`, with the users and sessions whose accounts the links change.
public actor InMemoryAccountLinks: AccountLinkRepository, MailOutbox {
    private let mail: InMemoryMailState
    private let users: InMemoryUserRepository
    private let sessions: InMemoryUserSessionRepository

    public init(mail: InMemoryMailState, users: InMemoryUserRepository, sessions: InMemoryUserSessionRepository) {
        self.mail = mail
        self.users = users
        self.sessions = sessions
    }

    public func issue(_ link: AccountLinkIssue, for userID: UserID) async throws {
        guard try await users.profile(id: userID) != nil else { return }
        mail.issue(link, for: userID)
    }

    public func issueDecoy(_ link: AccountLinkIssue) async throws {
        _ = try await users.profile(id: UserID.decoy)
        mail.issueDecoy(link)
    }

    public func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws
        -> UserID?
    {
        mail.state.withLock { state in
            guard let link = state.links[tokenHash], link.purpose == purpose, link.expiresAt > now else { return nil }
            return link.userID
        }
    }

    public func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        mail.state.withLock { state in
            guard let link = state.links[tokenHash], link.purpose == .emailConfirmation, link.expiresAt > now else {
                return nil
            }
            state.links[tokenHash] = nil
            state.confirmed.insert(link.userID)
            return link.userID
        }
    }

    public func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    {
        guard let userID = try await user(of: .passwordReset, tokenHash: tokenHash, at: now),
            let profile = try await users.profile(id: userID)
        else { return nil }
        try await users.updatePasswordHash(id: userID, passwordHash: passwordHash)
        try await sessions.deleteAll(userID: userID, keeping: nil)
        return try await users.credentials(forEmail: profile.email)
    }

    public func isEmailConfirmed(userID: UserID) async throws -> Bool {
        mail.state.withLock { $0.confirmed.contains(userID) }
    }

    public func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry] {
        let claimed = mail.state.withLock { state in
            let due = state.entries.filter { $0.value.nextAttemptAt <= now }.sorted { $0.key < $1.key }.prefix(limit)
            var tokens: [Int64: String] = [:]
            for (id, entry) in due {
                state.entries[id]?.attempts += 1
                state.entries[id]?.nextAttemptAt = leaseUntil
                if entry.mail.kind.linkPurpose != nil {
                    tokens[id] = InMemoryMailState.mintToken(forMessage: entry.mail.messageID, at: now, in: &state)
                }
            }
            return due.compactMap { id, _ in state.entries[id].map { (id, $0, tokens[id]) } }
        }
        var entries: [OutboxEntry] = []
        for (id, entry, token) in claimed {
            guard let recipient = try await users.profile(id: entry.userID) else { continue }
            entries.append(
                OutboxEntry(
                    id: id, mail: entry.mail.carrying(token: token), recipient: recipient, queuedAt: entry.queuedAt,
                    attempts: entry.attempts))
        }
        return entries
    }

    public func markSent(_ claims: [OutboxClaim]) async throws {
        mail.state.withLock { state in
            for claim in claims where state.entries[claim.id]?.attempts == claim.attempt {
                state.entries[claim.id] = nil
            }
        }
    }

    public func retry(_ claim: OutboxClaim, at time: Date) async throws {
        mail.state.withLock { state in
            guard state.entries[claim.id]?.attempts == claim.attempt else { return }
            state.entries[claim.id]?.nextAttemptAt = time
        }
    }

    public func giveUp(_ claim: OutboxClaim) async throws {
        mail.state.withLock { state in
            guard state.entries[claim.id]?.attempts == claim.attempt else { return }
            state.entries[claim.id] = nil
        }
    }

    public func renew(_ claims: [OutboxClaim], at now: Date, leaseUntil: Date) async throws -> [OutboxClaim] {
        mail.state.withLock { state in
            claims.filter { claim in
                guard let entry = state.entries[claim.id], entry.attempts == claim.attempt, entry.nextAttemptAt > now
                else { return false }
                state.entries[claim.id]?.nextAttemptAt = leaseUntil
                return true
            }
        }
    }

    public func nextAttemptTime() async throws -> Date? {
        mail.state.withLock { $0.entries.values.map(\.nextAttemptAt).min() }
    }

    public func status() async throws -> OutboxStatus {
        mail.state.withLock { state in
            OutboxStatus(queued: state.entries.count, oldestQueuedAt: state.entries.values.map(\.queuedAt).min())
        }
    }
}

import Foundation
import KooberKit
import Synchronization

/// Mailed links as a store sees them, for the use-case tests: passes each call on to `links` and records its writes,
/// by what they write (a link's purpose and lifetime) and not whom for, so two requests' store work can be compared.
final class AccountLinkStoreSpy: AccountLinkRepository {
    enum Write: Equatable {
        case issue(AccountLinkPurpose, lifetime: Duration)
        case decoy(AccountLinkPurpose, lifetime: Duration)
    }

    private let links: any AccountLinkRepository
    private let recorded = Mutex<[Write]>([])

    init(_ links: any AccountLinkRepository) {
        self.links = links
    }

    /// The writes so far, in order.
    var writes: [Write] {
        recorded.withLock { $0 }
    }

    func issue(_ link: AccountLinkIssue, for userID: UserID) async throws {
        recorded.withLock {
            $0.append(.issue(link.purpose, lifetime: .seconds(link.expiresAt.timeIntervalSince(link.issuedAt))))
        }
        try await links.issue(link, for: userID)
    }

    func issueDecoy(_ link: AccountLinkIssue) async throws {
        recorded.withLock {
            $0.append(.decoy(link.purpose, lifetime: .seconds(link.expiresAt.timeIntervalSince(link.issuedAt))))
        }
        try await links.issueDecoy(link)
    }

    func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        try await links.user(of: purpose, tokenHash: tokenHash, at: now)
    }

    func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        try await links.confirmEmail(tokenHash: tokenHash, at: now)
    }

    func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    {
        try await links.resetPassword(tokenHash: tokenHash, passwordHash: passwordHash, at: now)
    }

    func isEmailConfirmed(userID: UserID) async throws -> Bool {
        try await links.isEmailConfirmed(userID: userID)
    }
}

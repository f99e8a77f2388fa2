import Foundation
import KooberKit
import Testing

/// What every store promises of the token a link's message carries (issue 41): it is not stored, even while the
/// message waits; a claim draws it, storing only its hash for the message's link, and each claim draws a new one;
/// a link no longer valid gets none. And Forgot Password's decoy leaves nothing behind. On each implementation.
struct MailedLinkTokenContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func eachClaimDrawsTheTokenItMailsAndEndsTheOneBefore(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let link = newLink(.passwordReset)
            try await repositories.accountLinks.issue(link, for: johnny.id)
            let links = repositories.accountLinks
            let outbox = repositories.outbox

            let first = try #require(
                try await outbox.claimDue(at: referenceTime, limit: 10, leaseUntil: referenceTime + 60).first?.mail
                    .token)
            #expect(RandomToken.isWellFormed(first))
            let firstHash = SessionToken(value: first).hash
            #expect(try await links.user(of: .passwordReset, tokenHash: firstHash, at: referenceTime) == johnny.id)
            #expect(
                try await links.user(of: .passwordReset, tokenHash: link.tokenHash, at: referenceTime) == nil,
                "the hash stored at issue is replaced")

            // The try failed: the next claim draws another token, and the first no longer works.
            let second = try #require(
                try await outbox.claimDue(at: referenceTime + 60, limit: 10, leaseUntil: referenceTime + 120).first?
                    .mail.token)
            #expect(second != first)
            #expect(try await links.user(of: .passwordReset, tokenHash: firstHash, at: referenceTime + 60) == nil)
            let credentials = try await links.resetPassword(
                tokenHash: SessionToken(value: second).hash, passwordHash: "$argon2id$new", at: referenceTime + 61)
            #expect(credentials?.profile == johnny)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aMessageWhoseLinkHasEndedIsClaimedWithoutAToken(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let links = repositories.accountLinks
            let older = newLink(.passwordReset)
            try await links.issue(older, for: johnny.id)
            let newer = newLink(.passwordReset, at: referenceTime + 1)
            try await links.issue(newer, for: johnny.id)
            let used = newLink(.emailConfirmation, at: referenceTime + 2)
            try await links.issue(used, for: johnny.id)
            #expect(try await links.confirmEmail(tokenHash: used.tokenHash, at: referenceTime + 2) == johnny.id)

            let claimed = try await repositories.outbox.claimDue(
                at: referenceTime + 3, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.map(\.mail.messageID) == [older, newer, used].map(\.mail.messageID))
            #expect(claimed.map { $0.mail.token != nil } == [false, true, false])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anExpiredLinksMessageIsClaimedWithoutAToken(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let link = newLink(.passwordReset)
            try await repositories.accountLinks.issue(link, for: johnny.id)
            let claimed = try await repositories.outbox.claimDue(
                at: link.expiresAt, limit: 10, leaseUntil: link.expiresAt + 60)
            #expect(claimed.count == 1)
            #expect(claimed.first?.mail.token == nil)
        }
    }

    /// The decoy of an email without an account: no link, nothing queued, and the riders' own links and messages
    /// as they were.
    @Test(arguments: RepositoryKind.allCases)
    func aDecoyLeavesNoLinkAndNothingToSend(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let johnnys = newLink(.passwordReset)
            try await repositories.accountLinks.issue(johnnys, for: johnny.id)
            let decoy = newLink(.passwordReset, at: referenceTime + 1)
            try await repositories.accountLinks.issueDecoy(decoy)
            try await repositories.accountLinks.issueDecoy(newLink(.passwordReset, at: referenceTime + 2))

            let links = repositories.accountLinks
            #expect(try await links.user(of: .passwordReset, tokenHash: decoy.tokenHash, at: referenceTime + 1) == nil)
            #expect(
                try await links.user(of: .passwordReset, tokenHash: johnnys.tokenHash, at: referenceTime + 1)
                    == johnny.id)
            #expect(try await repositories.outbox.status() == OutboxStatus(queued: 1, oldestQueuedAt: referenceTime))
            let claimed = try await repositories.outbox.claimDue(
                at: referenceTime + 3, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.map(\.mail.messageID) == [johnnys.mail.messageID])
            #expect(claimed.first?.mail.token != nil)
        }
    }
}

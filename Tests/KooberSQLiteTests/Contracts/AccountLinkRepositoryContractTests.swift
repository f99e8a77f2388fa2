import Foundation
import KooberKit
import Testing

/// What every store promises for mailed links (issue 31): valid until they expire, used once, superseded by a newer
/// link of their purpose, ended by a password change, gone with their rider; on each implementation.
struct AccountLinkRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func anIssuedLinkIsValidForItsPurposeUntilItExpires(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let link = newLink(.passwordReset)
            try await repositories.accountLinks.issue(link, for: johnny.id)
            let links = repositories.accountLinks
            #expect(try await links.user(of: .passwordReset, tokenHash: link.tokenHash, at: referenceTime) == johnny.id)
            #expect(
                try await links.user(of: .passwordReset, tokenHash: link.tokenHash, at: link.expiresAt - 0.001)
                    == johnny.id)
            #expect(try await links.user(of: .passwordReset, tokenHash: link.tokenHash, at: link.expiresAt) == nil)
            #expect(
                try await links.user(of: .emailConfirmation, tokenHash: link.tokenHash, at: referenceTime) == nil,
                "a reset link confirms nothing")
            #expect(
                try await links.user(of: .passwordReset, tokenHash: SessionToken.generate().hash, at: referenceTime)
                    == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aNewerLinkSupersedesTheOlderOfItsPurposeOnly(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let links = repositories.accountLinks
            let confirmation = newLink(.emailConfirmation)
            let older = newLink(.passwordReset)
            let skippys = newLink(.passwordReset)
            try await links.issue(confirmation, for: johnny.id)
            try await links.issue(older, for: johnny.id)
            try await links.issue(skippys, for: skippy.id)
            let newer = newLink(.passwordReset, at: referenceTime + 60)
            try await links.issue(newer, for: johnny.id)

            let now = referenceTime + 61
            #expect(try await links.user(of: .passwordReset, tokenHash: older.tokenHash, at: now) == nil)
            #expect(try await links.user(of: .passwordReset, tokenHash: newer.tokenHash, at: now) == johnny.id)
            #expect(
                try await links.user(of: .emailConfirmation, tokenHash: confirmation.tokenHash, at: now) == johnny.id)
            #expect(try await links.user(of: .passwordReset, tokenHash: skippys.tokenHash, at: now) == skippy.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aConfirmationLinkConfirmsTheEmailOnce(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let links = repositories.accountLinks
            let reset = newLink(.passwordReset)
            let confirmation = newLink(.emailConfirmation)
            try await links.issue(reset, for: johnny.id)
            try await links.issue(confirmation, for: johnny.id)
            #expect(try await !links.isEmailConfirmed(userID: johnny.id))
            #expect(try await links.confirmEmail(tokenHash: reset.tokenHash, at: referenceTime) == nil)
            #expect(try await !links.isEmailConfirmed(userID: johnny.id), "a reset link confirms nothing")

            #expect(try await links.confirmEmail(tokenHash: confirmation.tokenHash, at: referenceTime + 1) == johnny.id)
            #expect(try await links.isEmailConfirmed(userID: johnny.id))
            #expect(try await links.confirmEmail(tokenHash: confirmation.tokenHash, at: referenceTime + 2) == nil)
            #expect(
                try await links.user(of: .passwordReset, tokenHash: reset.tokenHash, at: referenceTime) == johnny.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anExpiredConfirmationLinkConfirmsNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let confirmation = newLink(.emailConfirmation)
            try await repositories.accountLinks.issue(confirmation, for: johnny.id)
            #expect(
                try await repositories.accountLinks.confirmEmail(
                    tokenHash: confirmation.tokenHash, at: confirmation.expiresAt) == nil)
            #expect(try await !repositories.accountLinks.isEmailConfirmed(userID: johnny.id))
        }
    }

    /// The reset ends every way into the account: the rider's sessions of both kinds, and their reset links; another
    /// rider's session stays.
    @Test(arguments: RepositoryKind.allCases)
    func aResetLinkSetsThePasswordOnceAndEndsEveryAccess(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let before = try #require(try await repositories.users.credentials(forEmail: johnny.email))
            let web = SessionTokenHash(hex: String(repeating: "0a", count: 32))
            let api = SessionTokenHash(hex: String(repeating: "0b", count: 32))
            let skippys = SessionTokenHash(hex: String(repeating: "0c", count: 32))
            try await repositories.sessions.create(tokenHash: web, userID: johnny.id, kind: .web, now: referenceTime)
            try await repositories.sessions.create(tokenHash: api, userID: johnny.id, kind: .api, now: referenceTime)
            try await repositories.sessions.create(tokenHash: skippys, userID: skippy.id, now: referenceTime)
            let links = repositories.accountLinks
            let reset = newLink(.passwordReset)
            let confirmation = newLink(.emailConfirmation)
            try await links.issue(reset, for: johnny.id)
            try await links.issue(confirmation, for: johnny.id)

            let now = referenceTime + 60
            let credentials = try #require(
                try await links.resetPassword(tokenHash: reset.tokenHash, passwordHash: "$argon2id$new", at: now))
            #expect(credentials.profile == johnny)
            #expect(credentials.passwordHash == "$argon2id$new")
            #expect(credentials.credentialVersion > before.credentialVersion)
            #expect(try await repositories.users.credentials(forEmail: johnny.email) == credentials)
            #expect(try await repositories.sessions.session(tokenHash: web) == nil)
            #expect(try await repositories.sessions.session(tokenHash: api) == nil)
            #expect(try await repositories.sessions.session(tokenHash: skippys) != nil)
            #expect(try await links.user(of: .passwordReset, tokenHash: reset.tokenHash, at: now) == nil)
            #expect(
                try await links.user(of: .emailConfirmation, tokenHash: confirmation.tokenHash, at: now) == johnny.id)

            #expect(
                try await links.resetPassword(tokenHash: reset.tokenHash, passwordHash: "$argon2id$again", at: now)
                    == nil, "a link is used once")
            #expect(try await repositories.users.credentials(forEmail: johnny.email) == credentials)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anExpiredResetLinkChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let before = try await repositories.users.credentials(forEmail: johnny.email)
            let web = SessionTokenHash(hex: String(repeating: "0a", count: 32))
            try await repositories.sessions.create(tokenHash: web, userID: johnny.id, now: referenceTime)
            let reset = newLink(.passwordReset)
            try await repositories.accountLinks.issue(reset, for: johnny.id)
            #expect(
                try await repositories.accountLinks.resetPassword(
                    tokenHash: reset.tokenHash, passwordHash: "$argon2id$new", at: reset.expiresAt) == nil)
            #expect(try await repositories.users.credentials(forEmail: johnny.email) == before)
            #expect(try await repositories.sessions.session(tokenHash: web) != nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aPasswordChangeEndsTheResetLinks(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let reset = newLink(.passwordReset)
            let confirmation = newLink(.emailConfirmation)
            try await repositories.accountLinks.issue(reset, for: johnny.id)
            try await repositories.accountLinks.issue(confirmation, for: johnny.id)
            try await repositories.users.updatePasswordHash(id: johnny.id, passwordHash: "$argon2id$new")
            let links = repositories.accountLinks
            #expect(try await links.user(of: .passwordReset, tokenHash: reset.tokenHash, at: referenceTime) == nil)
            #expect(
                try await links.user(of: .emailConfirmation, tokenHash: confirmation.tokenHash, at: referenceTime)
                    == johnny.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLinkForAUserWhoIsGoneIsNeitherStoredNorMailed(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            try await repositories.users.delete(id: johnny.id)
            let reset = newLink(.passwordReset)
            try await repositories.accountLinks.issue(reset, for: johnny.id)
            #expect(
                try await repositories.accountLinks.user(
                    of: .passwordReset, tokenHash: reset.tokenHash, at: referenceTime) == nil)
            #expect(try await repositories.outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingAUserTakesTheirLinksAndTheirQueuedMail(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let johnnys = newLink(.passwordReset)
            let skippys = newLink(.passwordReset, at: referenceTime + 1)
            try await repositories.accountLinks.issue(johnnys, for: johnny.id)
            try await repositories.accountLinks.issue(skippys, for: skippy.id)
            try await repositories.users.delete(id: johnny.id)
            let links = repositories.accountLinks
            #expect(try await links.user(of: .passwordReset, tokenHash: johnnys.tokenHash, at: referenceTime) == nil)
            #expect(
                try await links.user(of: .passwordReset, tokenHash: skippys.tokenHash, at: referenceTime) == skippy.id)
            #expect(
                try await repositories.outbox.status() == OutboxStatus(queued: 1, oldestQueuedAt: referenceTime + 1))
            let claimed = try await repositories.outbox.claimDue(
                at: referenceTime + 2, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.map(\.recipient) == [skippy])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func signingUpWithAConfirmationLinkStoresItAndQueuesExactlyOneMessage(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let confirmation = newLink(.emailConfirmation)
            let johnny = try await repositories.users.create(newUser(confirmation: confirmation))
            #expect(
                try await repositories.accountLinks.user(
                    of: .emailConfirmation, tokenHash: confirmation.tokenHash, at: referenceTime) == johnny.id)
            let claimed = try await repositories.outbox.claimDue(
                at: referenceTime, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.map(\.mail.messageID) == [confirmation.mail.messageID])
            #expect(claimed.first?.recipient == johnny)
            #expect(try await !repositories.accountLinks.isEmailConfirmed(userID: johnny.id))
        }
    }
}

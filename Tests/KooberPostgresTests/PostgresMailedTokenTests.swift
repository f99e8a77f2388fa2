import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// No mailed token rests in PostgreSQL (issue 41): after links are issued and their messages claimed (drawing the
/// tokens they mail) and claimed again, no column of `mail_outbox` or `account_links` holds any of those tokens; and
/// migration 11 ends the tokens that lay in the outbox before it.
struct PostgresMailedTokenTests {
    private func withOpenDatabase(_ body: (KooberPostgres.PostgresDatabase) async throws -> Void) async throws {
        try await TestPostgres.withDatabase { url in
            let database = try await KooberPostgres.PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                try await body(database)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }

    /// Every row of the two tables, each as the text of all its columns.
    private func rows(_ database: KooberPostgres.PostgresDatabase) async throws -> [String] {
        try await database.query(
            """
            SELECT row_to_json(m)::TEXT FROM mail_outbox AS m
            UNION ALL SELECT row_to_json(l)::TEXT FROM account_links AS l
            """
        )
        .map { try $0.decode(String.self) }
    }

    @Test func noColumnOfTheOutboxOrTheLinksHoldsATokenAMessageCarries() async throws {
        try await withOpenDatabase { database in
            let users = PostgresUserRepository(database: database)
            let links = PostgresAccountLinkRepository(database: database)
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let zoe = try await users.create(
                NewUser(
                    name: "Zoë", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "555", passwordHash: "hash",
                    confirmation: AccountLinkIssue(purpose: .emailConfirmation, now: now, lifetime: .seconds(86_400))))
            try await links.issue(
                AccountLinkIssue(purpose: .passwordReset, now: now, lifetime: .seconds(1_800)), for: zoe.id)
            try await links.issueDecoy(AccountLinkIssue(purpose: .passwordReset, now: now, lifetime: .seconds(1_800)))
            var tokens: [String] = []
            for attempt in 0..<2 {
                let at = now + Double(attempt) * 60
                let claimed = try await links.claimDue(at: at, limit: 10, leaseUntil: at + 60)
                #expect(claimed.count == 2)
                tokens += claimed.compactMap(\.mail.token)
            }
            #expect(tokens.count == 4)
            let stored = try await rows(database)
            #expect(stored.count == 4, "two messages, two links")
            for token in tokens {
                #expect(stored.allSatisfy { !$0.contains(token) }, "a mailed token rests in a column")
            }
            let latest = SessionToken(value: tokens[3]).hash
            #expect(stored.contains { $0.contains(latest.hex) }, "the latest claim's token is stored as its hash")
        }
    }

    /// A database as it was before migration 11, with a confirmation queued with its token in the outbox: migrating
    /// ends that token, and the message goes with a fresh one that confirms the email.
    @Test func migrationElevenEndsTheTokensThatLayInTheOutbox() async throws {
        try await withOpenDatabase { database in
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let zoe = try await PostgresUserRepository(database: database).create(
                NewUser(
                    name: "Zoë", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "555", passwordHash: "hash"))
            for statement in [
                "DELETE FROM koober_migrations WHERE version = 11",
                "DROP INDEX account_links_by_message",
                "ALTER TABLE account_links DROP COLUMN message_id",
                "ALTER TABLE mail_outbox ADD COLUMN token TEXT",
                "ALTER TABLE account_links ALTER CONSTRAINT account_links_user_id_fkey NOT DEFERRABLE",
                "ALTER TABLE mail_outbox ALTER CONSTRAINT mail_outbox_user_id_fkey NOT DEFERRABLE",
            ] {
                try await database.query(PostgresQuery(unsafeSQL: statement))
            }
            let inTheClear = SessionToken.generate()
            let expires = PostgresTime.milliseconds(now + 86_400)
            let queued = PostgresTime.milliseconds(now)
            try await database.query(
                """
                INSERT INTO account_links (token_hash, purpose, user_id, expires_at_ms)
                VALUES (\(inTheClear.hash.hex), 'email_confirmation', \(zoe.id.rawValue), \(expires))
                """)
            try await database.query(
                """
                INSERT INTO mail_outbox (kind, user_id, message_id, token, queued_at_ms, next_attempt_at_ms)
                VALUES ('email_confirmation', \(zoe.id.rawValue), 'message', \(inTheClear.value), \(queued), \
                \(queued))
                """)

            #expect(try await database.migrate(PostgresSchema.migrations) == [11])
            let links = PostgresAccountLinkRepository(database: database)
            #expect(try await links.user(of: .emailConfirmation, tokenHash: inTheClear.hash, at: now) == nil)
            #expect(try await rows(database).allSatisfy { !$0.contains(inTheClear.value) })
            let claimed = try await links.claimDue(at: now, limit: 10, leaseUntil: now + 60)
            let fresh = try #require(claimed.first?.mail.token)
            #expect(fresh != inTheClear.value)
            #expect(try await links.confirmEmail(tokenHash: SessionToken(value: fresh).hash, at: now) == zoe.id)
        }
    }
}

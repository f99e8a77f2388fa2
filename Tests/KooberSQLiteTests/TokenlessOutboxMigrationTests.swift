import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// Migration 15 (issue 41) takes the tokens out of the outbox: on a file with messages queued before it, their tokens,
/// which lay in the file in the clear, no longer work; the newest message of a link is sent with a token drawn when it
/// is claimed, and an older one whose link has ended has nothing left to say.
struct TokenlessOutboxMigrationTests {
    @Test func tokensQueuedBeforeMigrationFifteenEndAndTheirMessagesGoWithFreshOnes() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let before = try await SQLiteDatabase.open(
                path: path, migrations: KooberSchema.migrationsBefore(15))
            let rider = try await KooberDatabase.sqlite(before).storeServices(now: Date.init).users.create(newUser())
            let superseded = SessionToken.generate()
            let inTheClear = SessionToken.generate()
            // Two confirmations, as builds before it queued them: the older link ended by the newer.
            try await before.write { connection in
                try connection.execute(
                    """
                    INSERT INTO account_links (token_hash, purpose, user_id, expires_at_ms)
                    VALUES (?, 'email_confirmation', ?, ?)
                    """,
                    [
                        .text(inTheClear.hash.hex), .integer(rider.id.rawValue),
                        .unixMilliseconds(referenceTime + 86_400),
                    ])
                for (index, token) in [superseded, inTheClear].enumerated() {
                    try connection.execute(
                        """
                        INSERT INTO mail_outbox (kind, user_id, message_id, token, queued_at_ms, next_attempt_at_ms)
                        VALUES ('email_confirmation', ?, ?, ?, ?, ?)
                        """,
                        [
                            .integer(rider.id.rawValue), .text("message-\(index)"), .text(token.value),
                            .unixMilliseconds(referenceTime), .unixMilliseconds(referenceTime),
                        ])
                }
            }
            try await before.close()

            let database = try await SQLiteDatabase.open(path: path)
            let columns = try await database.read { connection in
                try connection.query("PRAGMA table_info(mail_outbox)").map { try $0.string("name") }
            }
            #expect(!columns.isEmpty && !columns.contains("token"))
            let stores = KooberDatabase.sqlite(database).storeServices(now: Date.init)
            let links = stores.accountLinks
            #expect(try await links.user(of: .emailConfirmation, tokenHash: inTheClear.hash, at: referenceTime) == nil)

            let claimed = try await stores.outbox.claimDue(
                at: referenceTime + 1, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.map(\.mail.messageID) == ["message-0", "message-1"])
            #expect(claimed.first?.mail.token == nil, "the older link had ended: nothing left to say")
            let fresh = try #require(claimed.last?.mail.token)
            #expect(fresh != inTheClear.value)
            #expect(try await links.confirmEmail(tokenHash: inTheClear.hash, at: referenceTime + 2) == nil)
            #expect(
                try await links.confirmEmail(tokenHash: SessionToken(value: fresh).hash, at: referenceTime + 2)
                    == rider.id)
            try await database.close()
        }
    }
}

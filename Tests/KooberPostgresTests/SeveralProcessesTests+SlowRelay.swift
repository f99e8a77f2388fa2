import Foundation
import KooberKit
import KooberPostgres
import KooberTestSupport
import KooberWeb
import Logging
import MailDelivery
import TestKit
import Testing

/// Issue 41, finding 7, where it was found: two processes on one PostgreSQL outbox and a relay that answers each command
/// after 58 s (four minutes a message). The first process's batch once outlived its lease and the second sent all seven
/// messages again; now each is sent once, while its link lives.
extension SeveralProcessesTests {
    @Test func twoProcessesOnASlowRelaySendEachMessageOnceWhileItsLinkLives() async throws {
        try await withProcesses(2) { databases in
            let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
            let start = clock.now
            let users = PostgresUserRepository(database: databases[0])
            let links = PostgresAccountLinkRepository(database: databases[0])
            var queued: Set<String> = []
            for index in 0..<7 {
                let rider = try await users.create(
                    NewUser(
                        name: "Rider \(index)", nickname: "R\(index)", email: "rider\(index)@example.com",
                        mobileNumber: "555", passwordHash: "hash"))
                let link = AccountLinkIssue(purpose: .passwordReset, now: start, lifetime: .seconds(30 * 60))
                try await links.issue(link, for: rider.id)
                queued.insert("\(link.mail.messageID)@koober.test")
            }
            let relay = SlowRelay(clock: clock, perMessage: .seconds(4 * 60))
            let senders = try databases.map { try Self.mailSender(on: $0, relay: relay, clock: clock) }
            let failures = await runMailSenders(senders, on: clock, for: 45)
            #expect(failures.isEmpty, "\(failures)")

            let taken = relay.taken
            #expect(taken.count == 7, "each message once: \(taken.map { $0.at.timeIntervalSince(start) / 60 })")
            #expect(Set(taken.map(\.messageID)) == queued)
            #expect(taken.allSatisfy { $0.at.timeIntervalSince(start) < 30 * 60 })
            #expect(relay.cutShort == 0)
            #expect(try await links.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
        }
    }

    /// One process's sender, on its own connection pool, composing from the database as `koober` does.
    private static func mailSender(on database: PostgresDatabase, relay: SlowRelay, clock: TestClock) throws
        -> MailSender
    {
        let settings = MailSettings(
            transport: relay, from: try #require(MailAddress("no-reply@koober.test")), publicURL: "https://koober.test/"
        )
        return MailSender(
            outbox: PostgresAccountLinkRepository(database: database),
            composer: MailComposer(
                templates: try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "test"),
                settings: settings, rideRepository: PostgresRideRepository(database: database),
                feedbackRepository: PostgresRideFeedbackRepository(database: database),
                scheduledRides: PostgresScheduledRideRepository(database: database)),
            transport: relay, clock: clock, logger: Logger(label: "koober.test.mail"))
    }
}

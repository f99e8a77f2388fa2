import Foundation
import KooberKit
import KooberKitTestDoubles
import KooberTestSupport
import KooberWeb
import Logging
import MailDelivery
import TestKit
import Testing
import Timekeeping

/// A relay that answers slowly and two senders on one outbox, on virtual time (issue 41, finding 7): a relay that
/// takes four minutes a message (each of MAIL, RCPT, DATA and the end answered after 58 s) once kept a batch past its
/// lease, and the second process sent the whole batch again. Each message is settled as soon as it is sent, no
/// message starts after the batch's deadline, and the lease of the rest is renewed as the batch goes on.
///
/// Alone they take a tenth of a second; in the whole suite the first waited 64 s for the busy cooperative pool (45
/// virtual minutes, each a few task hops), so the limit, which only catches a hang, is five minutes.
@Suite(.timeLimit(.minutes(5))) struct SlowRelayMailTests {
    let stores = StoreServices.inMemory()
    let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
    let policy = MailSendingPolicy()

    func makeSender(on relay: SlowRelay, policy: MailSendingPolicy = MailSendingPolicy()) throws -> MailSender {
        let settings = MailSettings(
            transport: relay, from: try #require(MailAddress("no-reply@koober.test")),
            publicURL: "https://koober.test/")
        return MailSender(
            outbox: stores.outbox,
            composer: MailComposer(
                templates: try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "test"),
                settings: settings, rideRepository: stores.rides, feedbackRepository: stores.rideFeedback,
                scheduledRides: stores.scheduledRides),
            transport: relay, clock: clock, policy: policy, logger: Logger(label: "koober.test.mail"))
    }

    /// `count` riders, each with a reset link asked for now (30 minutes to live) and its message queued.
    func riders(_ count: Int) async throws -> Set<String> {
        var messageIDs: Set<String> = []
        for index in 0..<count {
            let rider = try await stores.users.create(
                NewUser(
                    name: "Rider \(index)", nickname: "R\(index)", email: "rider\(index)@example.com",
                    mobileNumber: "0400 000 000", passwordHash: FakePasswordHasher.fakeHash(of: "password"),
                    confirmation: nil))
            let link = AccountLinkIssue(purpose: .passwordReset, now: clock.now, lifetime: .seconds(30 * 60))
            try await stores.accountLinks.issue(link, for: rider.id)
            messageIDs.insert("\(link.mail.messageID)@koober.test")
        }
        return messageIDs
    }

    @Test func twoSendersOnASlowRelaySendEachMessageOnceAndWithinTheLinksLife() async throws {
        let start = clock.now
        let queued = try await riders(7)
        let relay = SlowRelay(clock: clock, perMessage: .seconds(4 * 60))
        let failures = await runMailSenders([try makeSender(on: relay), try makeSender(on: relay)], on: clock, for: 45)
        #expect(failures.isEmpty)

        let taken = relay.taken
        #expect(taken.count == 7, "each message once, not again by the other sender: \(taken.map(\.at))")
        #expect(Set(taken.map(\.messageID)) == queued)
        // Every reset mail arrives while its link lives (30 minutes), and the first well before.
        #expect(taken.allSatisfy { $0.at.timeIntervalSince(start) < 30 * 60 })
        #expect(try await stores.outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
        // No message was in the relay's hands past its sender's lease.
        #expect(relay.cutShort == 0)
    }

    @Test func aSentMessageLeavesTheOutboxAtOnceNotWithItsBatch() async throws {
        _ = try await riders(3)
        let relay = SlowRelay(clock: clock, perMessage: .seconds(60))
        let sender = try makeSender(on: relay)
        let sending = Task { try await sender.runOnce() }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: 60)
        // The first message is taken and the second is in the relay: the first has already left the outbox.
        await clock.sleepers(atLeast: 1)
        #expect(relay.taken.count == 1)
        #expect(try await stores.outbox.status().queued == 2)
        #expect(sender.counts.sent == 1)
        clock.advance(by: 60)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: 60)
        #expect(try await sending.value == 3)
        #expect(try await stores.outbox.status().queued == 0)
    }

    @Test func noMessageStartsAfterTheBatchDeadlineAndTheRestGoAtOnceToAnySender() async throws {
        let start = clock.now
        let queued = try await riders(4)
        let relay = SlowRelay(clock: clock, perMessage: .seconds(4 * 60))
        let sender = try makeSender(on: relay)
        let sending = Task { try await sender.runOnce() }
        // Messages at 4 and 8 minutes; the third would start past the batch's 5 minutes.
        for _ in 0..<8 {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: 60)
        }
        #expect(try await sending.value == 4)
        #expect(relay.taken.count == 2)
        #expect(try await stores.outbox.nextAttemptTime() == clock.now)
        // Knowing the relay's pace (4 minutes a message), the sender claims one; another sender takes the last, and
        // the two go at once.
        let again = Task { try await sender.runOnce() }
        await clock.sleepers(atLeast: 1)
        let other = try makeSender(on: relay)
        let rest = Task { try await other.runOnce() }
        for _ in 0..<4 {
            await clock.sleepers(atLeast: 2)
            clock.advance(by: 60)
        }
        #expect(try await again.value == 1)
        #expect(try await rest.value == 1)
        #expect(Set(relay.taken.map(\.messageID)) == queued)
        #expect(relay.taken.map(\.at) == [4, 8, 12, 12].map { start + Double($0) * 60 })
    }

    @Test func theLeaseOfTheRestIsRenewedAsTheBatchGoesOnSoNoOtherSenderClaimsThem() async throws {
        _ = try await riders(2)
        var patient = policy
        patient.batchDeadline = .seconds(30 * 60)
        let relay = SlowRelay(clock: clock, perMessage: .seconds(10 * 60))
        let sender = try makeSender(on: relay, policy: patient)
        let sending = Task { try await sender.runOnce() }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: 10 * 60)
        await clock.sleepers(atLeast: 1)
        // The first went at 10 minutes and renewed the second's lease to 25: at 15 minutes nobody may claim it.
        clock.advance(by: 5 * 60)
        #expect(try await stores.outbox.claimDue(at: clock.now, limit: 10, leaseUntil: clock.now + 60).isEmpty)
        #expect(try await stores.outbox.nextAttemptTime() == clock.now + 10 * 60)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: 5 * 60)
        #expect(try await sending.value == 2)
        #expect(relay.taken.count == 2)
    }

    @Test func aMessageStillInTheRelayBeforeItsLeaseEndsIsGivenUpOnAndTriedAgainOnce() async throws {
        let queued = try await riders(1)
        // A relay slower than the lease: the message is abandoned a minute before its lease ends, tried again later.
        let relay = SlowRelay(clock: clock, perMessage: .seconds(20 * 60))
        let sender = try makeSender(on: relay)
        let sending = Task { try await sender.runOnce() }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: policy.lease - policy.leaseMargin)
        #expect(try await sending.value == 1)
        #expect(relay.cutShort == 1)
        #expect(relay.taken.isEmpty)
        #expect(sender.counts.retried == 1)
        let next = try #require(try await stores.outbox.nextAttemptTime())
        #expect(next == clock.now + policy.wait(afterAttempts: 1))
        #expect(relay.tried == Array(queued))
    }
}

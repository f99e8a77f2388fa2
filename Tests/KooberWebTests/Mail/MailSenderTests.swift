import Foundation
import HTMLReading
import KooberKit
import KooberKitTestDoubles
import KooberWeb
import Logging
import MailDelivery
import TestBrowsing
import TestKit
import Testing
import Timekeeping

/// The sender on the in-memory outbox and a scripted relay, on virtual time: messages composed as SPEC.md's "Email"
/// says, sent once, retried with backoff while the relay is down, given up when refused or a day old, and never lost
/// by a sender that dies with a message in hand.
@Suite struct MailSenderTests {
    let stores = StoreServices.inMemory()
    let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
    let relay = ScriptedMailTransport()
    let sender: MailSender
    let policy = MailSendingPolicy()

    init() throws {
        let settings = MailSettings(
            transport: relay, from: try #require(MailAddress("no-reply@koober.test", displayName: "Koober")),
            publicURL: "https://koober.test/")
        sender = MailSender(
            outbox: stores.outbox,
            composer: MailComposer(
                templates: try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "test"),
                settings: settings, rideRepository: stores.rides, feedbackRepository: stores.rideFeedback,
                scheduledRides: stores.scheduledRides),
            transport: relay, clock: clock, logger: Logger(label: "koober.test.mail"))
    }

    /// A rider who signed up now, with the confirmation message queued.
    @discardableResult
    func signUp(name: String = "Zoë Example", nickname: String = "Zoë") async throws -> UserProfile {
        let link = AccountLinkIssue(purpose: .emailConfirmation, now: clock.now, lifetime: .seconds(7 * 24 * 3600))
        return try await stores.users.create(
            NewUser(
                name: name, nickname: nickname, email: "zoe@example.com", mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password"), confirmation: link))
    }

    /// Sends the confirmation message queued at sign-up and follows its link, as the rider would.
    func sendAndFollowTheConfirmation() async throws {
        try await sender.runOnce()
        let message = try #require(relay.messages.last { $0.subject == "Confirm your email for Koober" })
        #expect(
            try await ConfirmEmailUseCase(
                token: try Self.token(in: message), now: clock.now, linkRepository: stores.accountLinks
            ).run())
    }

    /// The token of the link in `message`'s text part.
    static func token(in message: MailMessage) throws -> String {
        let start = try #require(message.text.range(of: "?token=")).upperBound
        return String(message.text[start...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    @Test func aQueuedMessageIsComposedSentOnceAndLeavesTheOutbox() async throws {
        try await signUp()
        #expect(try await sender.runOnce() == 1)
        let message = try #require(relay.messages.first)
        let token = try Self.token(in: message)
        #expect(RandomToken.isWellFormed(token))
        #expect(message.to == MailAddress("zoe@example.com", displayName: "Zoë Example"))
        #expect(message.from.address == "no-reply@koober.test")
        #expect(message.subject == "Confirm your email for Koober")
        #expect(message.text.contains("Hi Zoë,"))
        #expect(message.text.contains("https://koober.test/email/confirm?token=\(token)\n"))
        #expect(message.html.contains("href=\"https://koober.test/email/confirm?token=\(token)\""))
        #expect(message.messageID.hasSuffix("@koober.test"))
        #expect(message.date == clock.now)
        #expect(try await sender.runOnce() == 0)
        #expect(relay.messages.count == 1)
        #expect(try await stores.outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
        #expect(sender.counts.sent == 1)
    }

    @Test func theHTMLPartEscapesWhatARiderTypedAndTheTextPartKeepsIt() async throws {
        try await signUp(name: "Zoë <b>Bold</b>", nickname: "<script>alert(1)</script> & co")
        try await sender.runOnce()
        let message = try #require(relay.messages.first)
        #expect(!message.html.contains("<script>"))
        #expect(message.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        #expect(message.text.contains("Hi <script>alert(1)</script> & co,"))
        #expect(message.to.displayName == "Zoë <b>Bold</b>")
    }

    @Test func everyKindOfMessageHasAValidHTMLPartForTheNuChecker() async throws {
        let rider = try await signUp(name: "Zoë <i>O'Brien</i> & \"Co\"", nickname: "Zoë <3")
        try await sendAndFollowTheConfirmation()
        // A link that outlives the ride below: a message whose link has ended is not sent.
        try await stores.accountLinks.issue(
            AccountLinkIssue(purpose: .passwordReset, now: clock.now, lifetime: .seconds(7 * 86_400)), for: rider.id)
        try await stores.fleet.provide(Fleet.members(size: 1))
        try await finishARide(of: rider)
        try await sender.runOnce()
        #expect(
            relay.messages.map(\.subject) == [
                "Confirm your email for Koober", "Reset your Koober password", "Your Koober receipt",
            ])
        for message in relay.messages {
            let document = try HTMLDocument(html: message.html)
            #expect(try document.text(at: "//title") == message.subject)
            #expect(try document.text(at: "//p[2]")?.contains("Hi Zoë <3") == true)
            #expect(!message.html.contains("<3") && !message.html.contains("<i>"))
            try PageArchive.current?.save(message.html, target: "/mail/\(message.subject)", status: .ok)
        }
    }

    @Test func whileTheRelayIsDownForAnHourTheMessageWaitsWithBackoffThenGoesWithTheSameMessageID() async throws {
        try await signUp()
        relay.answer { _ in .retryLater("451 try again later") }
        let start = clock.now
        var tries = 0
        while clock.now < start + 3_600 {
            tries += try await sender.runOnce()
            let next = try #require(try await stores.outbox.nextAttemptTime())
            clock.advance(by: max(next.timeIntervalSince(clock.now), 0))
        }
        // 30 s, then doubling: about 8 tries in the hour, not one a second.
        #expect((7...9).contains(tries))
        #expect(sender.counts.retried == tries)
        relay.answer { _ in .delivered }
        let next = try #require(try await stores.outbox.nextAttemptTime())
        #expect(next.timeIntervalSince(clock.now) <= policy.longestWait.timeInterval)
        clock.advance(by: next.timeIntervalSince(clock.now))
        #expect(try await sender.runOnce() == 1)
        #expect(Set(relay.messages.map(\.messageID)).count == 1)
        #expect(try await stores.outbox.status().queued == 0)
        #expect(sender.counts.sent == 1)
    }

    @Test func aMessageRefusedForGoodIsGivenUp() async throws {
        try await signUp()
        relay.answer { _ in .rejected("550 no such user") }
        #expect(try await sender.runOnce() == 1)
        #expect(try await stores.outbox.status().queued == 0)
        #expect(sender.counts.failed == 1)
    }

    @Test func aMessageNotSentWithinADayIsGivenUp() async throws {
        try await signUp()
        relay.answer { _ in .retryLater("421 down") }
        try await sender.runOnce()
        clock.advance(by: policy.giveUpAfter)
        #expect(try await sender.runOnce() == 1)
        #expect(try await stores.outbox.status().queued == 0)
        #expect(sender.counts.failed == 1)
    }

    @Test func aSenderThatDiesBeforeSendingLosesNothing() async throws {
        try await signUp()
        // Another sender claims the message and dies with it in hand.
        let claimed = try await stores.outbox.claimDue(
            at: clock.now, limit: 10, leaseUntil: clock.now + policy.lease)
        #expect(claimed.count == 1)
        #expect(try await sender.runOnce() == 0)
        clock.advance(by: policy.lease)
        #expect(try await sender.runOnce() == 1)
        #expect(relay.messages.map(\.messageID) == ["\(claimed[0].mail.messageID)@koober.test"])
    }

    @Test func aSenderThatDiesAfterSendingSendsItAgainWithTheSameMessageID() async throws {
        try await signUp()
        // A sender claims, sends, and dies before marking it sent.
        let dead = MailSender(
            outbox: NeverSettlingOutbox(stores.outbox),
            composer: MailComposer(
                templates: try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "test"),
                settings: MailSettings(
                    transport: relay, from: try #require(MailAddress("no-reply@koober.test")),
                    publicURL: "https://koober.test"),
                rideRepository: stores.rides, feedbackRepository: stores.rideFeedback,
                scheduledRides: stores.scheduledRides),
            transport: relay, clock: clock, logger: Logger(label: "koober.test.mail"))
        await #expect(throws: NeverSettlingOutbox.Died.self) { try await dead.runOnce() }
        clock.advance(by: policy.lease)
        #expect(try await sender.runOnce() == 1)
        #expect(relay.messages.count == 2)
        #expect(Set(relay.messages.map(\.messageID)).count == 1)
        #expect(try await stores.outbox.status().queued == 0)
    }

    @Test func aFinishedRideOfAConfirmedRiderQueuesItsReceiptAndAnUnconfirmedOneNone() async throws {
        let rider = try await signUp()
        try await sender.runOnce()
        try await stores.fleet.provide(Fleet.members(size: 1))
        let first = try await finishARide(of: rider)
        #expect(try await sender.runOnce() == 0)
        let confirmation = try #require(relay.messages.first)
        #expect(
            try await ConfirmEmailUseCase(
                token: try Self.token(in: confirmation), now: clock.now, linkRepository: stores.accountLinks
            ).run())
        let second = try await finishARide(of: rider)
        #expect(try await sender.runOnce() == 1)
        let receipt = try #require(relay.messages.last)
        #expect(receipt.subject == "Your Koober receipt")
        #expect(receipt.text.contains("To:          Opera House"))
        #expect(receipt.text.contains("Fare:        A$"))
        #expect(receipt.html.contains("https://koober.test/rides/\(second.rawValue)"))
        #expect(first != second)
    }

    /// A tip queues the receipt again, in the rating's transaction, and it shows the tip and the total (fare + tip,
    /// in cents); a rating without a tip queues nothing.
    @Test func aTipQueuesAFreshReceiptWithTheTipAndTheTotal() async throws {
        let rider = try await signUp()
        try await sendAndFollowTheConfirmation()
        try await stores.fleet.provide(Fleet.members(size: 1))
        let ride = try await finishARide(of: rider)
        try await sender.runOnce()
        let rate = { (stars: Int, tip: TipChoice) in
            try await RateRideUseCase(
                FeedbackTarget(
                    userID: rider.id, rideID: ride, now: self.clock.now, rideRepository: self.stores.rides,
                    feedbackRepository: self.stores.rideFeedback)
            ).run(stars: stars, compliments: [], tip: tip)
        }
        _ = try await rate(3, .none)
        #expect(try await sender.runOnce() == 0)
        _ = try await rate(4, .dollars("2.5"))
        #expect(try await sender.runOnce() == 1)
        let receipt = try #require(relay.messages.last)
        #expect(receipt.subject == "Your Koober receipt")
        #expect(receipt.text.contains("Fare:        A$3.00\nTip:         A$2.50\nTotal:       A$5.50\n"))
        #expect(receipt.html.contains("<td>A$2.50</td>"))
        #expect(receipt.html.contains(">A$5.50</td>"))
    }

    /// Requests a ride to the Opera House now and moves time on until it has finished.
    func finishARide(of rider: UserProfile) async throws -> RideID {
        let ride = try await stores.rides.requestRide(
            NewRideRequest(
                userID: rider.id, pickup: Location(latitude: -33.864308, longitude: 151.209146),
                dropoffID: PlaceID(1), rideOptionID: "wallabee", fareCents: 300, requestedAt: clock.now))
        try await DispatchRidesUseCase(now: clock.now, rideRepository: stores.rides, fleetRepository: stores.fleet)
            .run()
        clock.advance(by: 24 * 3600)
        try await AdvanceRidesUseCase(now: clock.now, rideRepository: stores.rides).run()
        #expect(try await stores.rides.ride(id: ride.id)?.status == .finished)
        return ride.id
    }
}

/// An outbox whose sender dies after sending, before it settles anything (kill -9 at the worst moment).
struct NeverSettlingOutbox: MailOutbox {
    struct Died: Error {}
    let outbox: any MailOutbox

    init(_ outbox: any MailOutbox) { self.outbox = outbox }

    func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry] {
        try await outbox.claimDue(at: now, limit: limit, leaseUntil: leaseUntil)
    }
    func markSent(_ claims: [OutboxClaim]) async throws { throw Died() }
    func retry(_ claim: OutboxClaim, at time: Date) async throws { throw Died() }
    func giveUp(_ claim: OutboxClaim) async throws { throw Died() }
    func renew(_ claims: [OutboxClaim], at now: Date, leaseUntil: Date) async throws -> [OutboxClaim] {
        throw Died()
    }
    func nextAttemptTime() async throws -> Date? { try await outbox.nextAttemptTime() }
    func status() async throws -> OutboxStatus { try await outbox.status() }
}

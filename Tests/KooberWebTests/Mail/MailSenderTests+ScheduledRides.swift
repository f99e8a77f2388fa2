import Foundation
import KooberKit
import MailDelivery
import Testing

/// The three messages about a scheduled ride (SPEC.md, "Email"): booked, starting and missed, each composed from the
/// booking as stored, with a text and an HTML part, and only to a confirmed email.
extension MailSenderTests {
    /// Zoë, confirmed, books a wallabee to the Opera House for 28 November 2023, 9:30 am in Sydney.
    func bookAsConfirmedRider() async throws -> (UserProfile, ScheduledRide) {
        let rider = try await signUp(name: "Zoë <b>Example</b>", nickname: "Zoë <b>")
        try await sendAndFollowTheConfirmation()
        let pickupAt = SydneyTime.instant(of: SydneyWallTime(date: "2023-11-16", time: "09:30")!)!
        let booked = try await stores.scheduledRides.book(
            NewScheduledRide(
                userID: rider.id, pickup: Location(latitude: -33.864308, longitude: 151.209146),
                dropoffID: PlaceID(1), rideOptionID: "wallaroo", fareCents: 1_234, pickupAt: pickupAt,
                bookedAt: clock.now))
        return (rider, booked)
    }

    @Test func aBookingSendsYourKooberRideIsBookedWithItsTimeInSydney() async throws {
        _ = try await bookAsConfirmedRider()
        #expect(try await sender.runOnce() == 1)
        let message = try #require(relay.messages.last)
        #expect(message.subject == "Your Koober ride is booked")
        #expect(message.text.contains("your Wallaroo is booked for Thu 16 Nov at 9:30 am."))
        #expect(message.text.contains("To:          Opera House"))
        #expect(message.text.contains("Fare:        A$12.34"))
        #expect(message.text.contains("https://koober.test/profile"))
        #expect(message.html.contains("<td>Thu 16 Nov at 9:30 am</td>"))
        #expect(message.html.contains("href=\"https://koober.test/profile\""))
        #expect(message.html.contains("Zoë &lt;b&gt;"))  // what a rider typed is escaped in HTML
        #expect(!message.html.contains("<b>"))
    }

    @Test func aStartSendsTheStartingMailAndAMissTheMissedOne() async throws {
        let (rider, booked) = try await bookAsConfirmedRider()
        try await sender.runOnce()
        clock.advance(by: booked.startAt.timeIntervalSince(clock.now))  // the mail is due from the start
        guard case .started = try await stores.scheduledRides.start(booked.id, at: booked.startAt) else {
            Issue.record("not started")
            return
        }
        #expect(try await sender.runOnce() == 1)
        #expect(relay.messages.last?.subject == "Your Koober ride is starting")
        #expect(relay.messages.last?.text.contains("https://koober.test/ride") == true)

        // A second booking while that ride is still in progress is missed at its miss time.
        let second = try await stores.scheduledRides.book(
            NewScheduledRide(
                userID: rider.id, pickup: Location(latitude: -33.864308, longitude: 151.209146),
                dropoffID: PlaceID(1), rideOptionID: "kangaroo", fareCents: 2_000, pickupAt: booked.pickupAt + 3_600,
                bookedAt: clock.now))
        try await sender.runOnce()
        clock.advance(by: second.missAt.timeIntervalSince(clock.now))
        #expect(try await stores.scheduledRides.start(second.id, at: second.missAt) == .missed)
        #expect(try await sender.runOnce() == 1)
        let missed = try #require(relay.messages.last)
        #expect(missed.subject == "Your Koober ride was missed")
        #expect(missed.text.contains("You have not been charged."))
        #expect(missed.text.contains("Ride option: Kangaroo"))
    }
}

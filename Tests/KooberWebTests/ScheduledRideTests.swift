import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import TestBrowsing
import Testing

/// Scheduled rides through the test browser (SPEC.md, "Scheduled rides"): Schedule beside Confirm, Upcoming rides
/// and Cancel on My Profile, each refusal on the page, and a booking that starts by itself when the app's test clock
/// reaches its start and the dispatcher looks, then lives as any ride.
@Suite struct ScheduledRideTests {
    /// The Pick-up time's two fields for the whole minute at least `lead` seconds after `now`, in Sydney.
    static func fields(after now: Date, lead: TimeInterval) -> (date: String, time: String, instant: Date) {
        let minute = ((now + lead).timeIntervalSince1970 / 60).rounded(.up) * 60
        let instant = Date(timeIntervalSince1970: minute)
        let wall = SydneyTime.wallTime(at: instant)
        return (wall.dateField, wall.timeField, instant)
    }

    /// From step 1 (Where to?, the Opera House) or step 2: the option (if any), the two fields, Schedule.
    static func schedule(
        _ browser: TestBrowser, option: String? = "Wallaroo", date: String, time: String
    ) async throws {
        if try browser.first("//a[normalize-space()='Where to?']") != nil {  // else still at step 2, after a refusal
            try await browser.clickLink("Where to?")
            try await browser.press("Opera House")
        }
        if let option { try browser.choose(option) }
        try browser.fillIn("Date", with: date)
        try browser.fillIn("Time", with: time)
        try await browser.press("Schedule")
    }

    static func notice(_ browser: TestBrowser) throws -> String? {
        try browser.text(at: "//*[@role='status']//p[@class='notice-message']")
    }

    @Test func aBookingIsConfirmedListedUnderUpcomingRidesAndCanBeCancelled() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let pickup = Self.fields(after: app.clock.now, lead: 86_400)
        try await Self.schedule(browser, date: pickup.date, time: pickup.time)

        let when = PickupTimeText.text(for: pickup.instant)
        #expect(try Self.notice(browser) == "Your Wallaroo is booked for \(when)")
        #expect(try browser.first("//a[normalize-space()='Where to?']") != nil)  // back at step 1

        try await browser.clickLink("Profile")
        #expect(try browser.text(at: "//h2[@id='upcoming-rides-title']") == "Upcoming rides")
        #expect(try browser.text(at: "//span[@class='upcoming-ride-time']") == when)
        #expect(try browser.text(at: "//span[@class='upcoming-ride-to']") == "Opera House")
        #expect(try browser.text(at: "//span[@class='upcoming-ride-option']") == "Wallaroo")
        let booked = try #require(
            try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).first)
        #expect(try browser.text(at: "//span[@class='upcoming-ride-fare']") == booked.fareCents.displayed)
        // Upcoming rides come above My Rides.
        #expect(try browser.first("//section[@class='upcoming-rides']/following::h2[.='My Rides']") != nil)

        try await browser.press("Cancel")
        #expect(try Self.notice(browser) == "Your Wallaroo for \(when) is cancelled, free of charge.")
        #expect(try browser.first("//section[@class='upcoming-rides']") == nil)
        #expect(try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).isEmpty)
    }

    @Test func eachRefusalIsShownBesideItsFieldAndBooksNothing() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let tomorrow = Self.fields(after: app.clock.now, lead: 86_400)

        try await Self.schedule(browser, option: nil, date: tomorrow.date, time: tomorrow.time)
        #expect(browser.status == .unprocessableEntity)
        #expect(
            try browser.text(at: "//p[@id='ride-option-error']")
                == "Please choose Wallabee, Wallaroo or Kangaroo, then Schedule.")
        #expect(try browser.fieldValue("Date") == tomorrow.date)  // what was sent stays in the fields

        try await browser.visit("/ride")
        try browser.choose("Wallaroo")
        try browser.fillIn("Date", with: "")
        try browser.fillIn("Time", with: tomorrow.time)
        try await browser.press("Schedule")
        #expect(try browser.fieldError("Date") == "Please enter the pick-up date.")

        let cases: [(date: String, time: String, field: String, message: String)] = [
            (tomorrow.date, "", "Time", "Please enter the pick-up time."),
            ("28/11/2026", tomorrow.time, "Date", "Please enter a pick-up date like 2026-11-28."),
            (tomorrow.date, "9.30am", "Time", "Please enter a pick-up time like 09:30."),
            (
                "2030-10-06", "02:30", "Time",
                "That time does not exist in Sydney: the clocks go forward from 2:00 to 3:00 am that night."
            ),
            (
                Self.fields(after: app.clock.now, lead: 600).date, Self.fields(after: app.clock.now, lead: 600).time,
                "Time", "Please choose a pick-up time at least 15 minutes from now."
            ),
            (
                Self.fields(after: app.clock.now, lead: 8 * 86_400).date, tomorrow.time, "Date",
                "Please choose a pick-up time at most 7 days from now."
            ),
        ]
        for refusal in cases {
            try await browser.visit("/ride")
            try browser.choose("Wallaroo")
            try browser.fillIn("Date", with: refusal.date)
            try browser.fillIn("Time", with: refusal.time)
            try await browser.press("Schedule")
            #expect(browser.status == .unprocessableEntity, "\(refusal)")
            #expect(try browser.fieldError(refusal.field) == refusal.message, "\(refusal)")
        }
        #expect(try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).isEmpty)
    }

    @Test func aFourthRideAndOneTooCloseToAnotherAreRefusedOnThePage() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        for day in 1...3 {
            let pickup = Self.fields(after: app.clock.now, lead: Double(day) * 86_400)
            try await Self.schedule(browser, date: pickup.date, time: pickup.time)
            #expect(try Self.notice(browser)?.hasPrefix("Your Wallaroo is booked for ") == true)
        }
        let fourth = Self.fields(after: app.clock.now, lead: 4 * 86_400)
        try await Self.schedule(browser, date: fourth.date, time: fourth.time)
        #expect(
            try browser.fieldError("Time")
                == "You already have 3 upcoming rides. Cancel one on My Profile to book another.")

        // 20 minutes after another: still the fourth; once one is cancelled, too close.
        let close = Self.fields(after: app.clock.now, lead: 2 * 86_400 + 1_200)
        try await browser.visit("/ride")
        try await Self.schedule(browser, date: close.date, time: close.time)
        #expect(
            try browser.fieldError("Time")
                == "You already have 3 upcoming rides. Cancel one on My Profile to book another.")
        let upcoming = try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1))
        try await app.container.services.scheduledRideRepository.cancel(id: upcoming[0].id, userID: UserID(1))
        try await browser.visit("/ride")
        try await Self.schedule(browser, date: close.date, time: close.time)
        #expect(try browser.fieldError("Time") == "You have another ride booked within 30 minutes of that time.")
        #expect(try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).count == 2)
    }

    @Test func aScheduledRideStartsByItselfAndLivesAsAnyRideToItsEnd() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let pickup = Self.fields(after: app.clock.now, lead: 60)
        try await Self.schedule(browser, date: pickup.date, time: pickup.time)
        let booked = try #require(
            try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).first)
        #expect(booked.startAt == pickup.instant - 10)  // 10 minutes at rate 60

        // The dispatcher's next look is at the start.
        let dispatcher = app.container.rideDispatcher
        #expect(try await dispatcher.runOnce() == booked.startAt)
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == nil)

        app.clock.advance(by: booked.startAt.timeIntervalSince(app.clock.now))
        try await dispatcher.runOnce()
        try await browser.visit("/ride")
        // Started and, in the same look, given its animal.
        #expect(try browser.rideStatus() == "on_the_way")
        #expect(try browser.text(at: "//dd[@class='ride-fare']") == booked.fareCents.displayed)
        try await browser.clickLink("Profile")
        #expect(try browser.first("//section[@class='upcoming-rides']") == nil)

        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        #expect(ride.requestedAt == booked.startAt)
        let timeline = try #require(ride.timeline())
        app.clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(app.clock.now) + 0.01)
        try await dispatcher.runOnce()
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "finished")
        #expect(try browser.text(at: "//dd[@class='receipt-fare']") == booked.fareCents.displayed)
    }

    @Test func cancellingAStartedRideIsAConflictAndSomeoneElsesIsNotFound() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let pickup = Self.fields(after: app.clock.now, lead: 60)
        try await Self.schedule(browser, date: pickup.date, time: pickup.time)
        try await browser.clickLink("Profile")
        let action = try #require(try browser.first("//li[@class='upcoming-ride']//form")?[attribute: "action"])
        let token = try #require(try browser.formToken())

        let booked = try #require(
            try await app.container.services.scheduledRideRepository.upcoming(userID: UserID(1)).first)
        app.clock.advance(by: booked.startAt.timeIntervalSince(app.clock.now))
        try await app.container.rideDispatcher.runOnce()

        try await browser.post(action, fields: [("csrf_token", token)])
        #expect(browser.status == .conflict)
        #expect(try browser.errorPanel()?.message == "This ride has already started, so it cannot be cancelled here.")
        try await browser.post("/rides/scheduled/999/cancel", fields: [("csrf_token", token)])
        #expect(browser.status == .notFound)
        try await browser.post("/rides/scheduled/0x1/cancel", fields: [("csrf_token", token)])
        #expect(browser.status == .notFound)
        try await browser.post(action, fields: [])
        #expect(browser.status == .forbidden)
    }
}

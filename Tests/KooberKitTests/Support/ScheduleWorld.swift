import Foundation
import KooberKit
import KooberKitTestDoubles

/// The in-memory store wired as the app wires it, one rider signed up (email confirmed unless told otherwise), with
/// shortcuts for the scheduled-ride use cases at a given time.
struct ScheduleWorld {
    let stores = StoreServices.inMemory(places: TestPlaces.all)
    let signal = RideChangeSignalSpy()
    private(set) var rider = UserID(0)

    /// Sydney's wall time as an instant (it must exist).
    static func sydney(_ date: String, _ time: String) -> Date {
        SydneyTime.instant(of: SydneyWallTime(date: date, time: time)!)!
    }

    /// Friday 27 November 2026, 9:00 am in Sydney.
    static let friday = sydney("2026-11-27", "09:00")

    static func make(confirmed: Bool = true) async throws -> ScheduleWorld {
        var world = ScheduleWorld()
        world.rider = try await world.signUp(email: "johnny@gmail.com", confirmed: confirmed)
        return world
    }

    func signUp(email: String, confirmed: Bool = true) async throws -> UserID {
        let user = try await stores.users.create(
            NewUser(
                name: "Johnny Appleseed", nickname: "Johnny", email: email, mobileNumber: "510-736-8754",
                passwordHash: "hash", confirmation: nil))
        if confirmed {
            let link = AccountLinkIssue(purpose: .emailConfirmation, now: Self.friday, lifetime: .seconds(days(7)))
            try await stores.accountLinks.issue(link, for: user.id)
            _ = try await stores.accountLinks.confirmEmail(tokenHash: link.tokenHash, at: Self.friday)
            _ = try await mails()
        }
        return user.id
    }

    /// Chooses the Opera House, then presses Schedule with the Pick-up time's two fields.
    func book(
        _ date: String, _ time: String, option: String? = "wallaroo", at now: Date = friday, rate: Double = 1,
        for userID: UserID? = nil
    ) async throws -> Result<ScheduledRide, BookScheduledRideError> {
        let userID = userID ?? rider
        try await stores.rides.chooseDropoff(userID: userID, placeID: TestPlaces.operaHouse.id, at: now)
        return try await outcome(BookScheduledRideError.self) {
            try await BookScheduledRideUseCase(
                userID: userID, rideOptionID: option, pickupLocation: sydneyPickup, date: date, time: time, now: now,
                clockRate: rate, rideRepository: stores.rides, scheduledRides: stores.scheduledRides, signal: signal
            ).run()
        }
    }

    func upcoming(for userID: UserID? = nil) async throws -> [ScheduledRide] {
        try await LoadUpcomingRidesUseCase(userID: userID ?? rider, scheduledRides: stores.scheduledRides).run()
    }

    /// One dispatcher's look for scheduled starts at `time`.
    func startDue(at time: Date) async throws -> [ScheduledRideStart] {
        try await StartDueScheduledRidesUseCase(now: time, scheduledRides: stores.scheduledRides).run()
    }

    /// The kinds of the messages queued since the last look (they are then taken out of the queue).
    func mails() async throws -> [MailKind] {
        let far = Date.distantFuture
        let entries = try await stores.outbox.claimDue(at: far, limit: 100, leaseUntil: far)
        try await stores.outbox.markSent(entries.map(\.claim))
        return entries.map(\.mail.kind)
    }
}

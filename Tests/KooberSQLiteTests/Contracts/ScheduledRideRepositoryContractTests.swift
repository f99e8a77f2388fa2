import Foundation
import KooberKit
import Testing

/// What every `ScheduledRideRepository` promises, checked on each implementation: the rules about a rider's other
/// bookings kept inside the booking's transaction, cancel only while upcoming, and each booking started (or missed)
/// exactly once, with its ride stored as `requestRide` stores one and its mails queued in the same transaction.
struct ScheduledRideRepositoryContractTests {
    /// Tomorrow at this hour, from `referenceTime`.
    static let pickup = referenceTime + 86_400

    static func booking(
        _ userID: UserID, at pickupAt: Date = pickup, rate: Double = 1, fareCents: Cents = 1_234
    ) -> NewScheduledRide {
        NewScheduledRide(
            userID: userID, pickup: SydneyLocator.sydney, dropoffID: operaHouse, rideOptionID: "wallaroo",
            fareCents: fareCents, pickupAt: pickupAt, bookedAt: referenceTime, clockRate: rate)
    }

    static func mailKinds(in repositories: Repositories) async throws -> [MailKind] {
        let far = Date.distantFuture
        let entries = try await repositories.outbox.claimDue(at: far, limit: 100, leaseUntil: far)
        try await repositories.outbox.markSent(entries.map(\.claim))
        return entries.map(\.mail.kind)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aBookingIsUpcomingWithEverythingBookedAndItsMailQueued(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let booked = try await repositories.scheduledRides.book(Self.booking(rider.id))

            #expect(booked.userID == rider.id)
            #expect(booked.dropoff == (try await repositories.places.place(id: operaHouse)))
            #expect(booked.pickupAt == Self.pickup)
            #expect(booked.bookedAt == referenceTime)
            #expect(booked.fareCents == 1_234)
            #expect(booked.status == .upcoming)
            #expect(booked.startAt == Self.pickup - 600)
            #expect(try await repositories.scheduledRides.upcoming(userID: rider.id) == [booked])
            #expect(try await repositories.scheduledRides.scheduledRide(id: booked.id) == booked)
            #expect(try await Self.mailKinds(in: repositories) == [.scheduledRideBooked])
            let entry = try await repositories.scheduledRides.nextStartTime(after: referenceTime)
            #expect(entry == booked.startAt)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anUnconfirmedEmailGetsNoMailAboutItsBookings(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let booked = try await repositories.scheduledRides.book(Self.booking(rider.id))
            _ = try await repositories.scheduledRides.start(booked.id, at: booked.startAt)
            #expect(try await Self.mailKinds(in: repositories).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func storageRefusesAFourthUpcomingOrOneCloserThanThirtyMinutes(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let scheduled = repositories.scheduledRides
            _ = try await scheduled.book(Self.booking(rider.id))
            await #expect(throws: ScheduledRideRefusal.tooClose) {
                try await scheduled.book(Self.booking(rider.id, at: Self.pickup + 1_799))
            }
            _ = try await scheduled.book(Self.booking(rider.id, at: Self.pickup + 1_800))
            _ = try await scheduled.book(Self.booking(rider.id, at: Self.pickup - 1_800))
            await #expect(throws: ScheduledRideRefusal.tooManyUpcoming) {
                try await scheduled.book(Self.booking(rider.id, at: Self.pickup + 7_200))
            }
            #expect(
                try await scheduled.upcoming(userID: rider.id).map(\.pickupAt) == [
                    Self.pickup - 1_800, Self.pickup, Self.pickup + 1_800,
                ])
        }
    }

    /// Six bookings of one rider at once, each far enough from the others: storage keeps exactly three.
    @Test(arguments: RepositoryKind.allCases)
    func bookingsAtOnceCannotMakeAFourth(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let scheduled = repositories.scheduledRides
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        do {
                            _ = try await scheduled.book(
                                Self.booking(rider.id, at: Self.pickup + Double(index) * 3_600))
                            return true
                        } catch ScheduledRideRefusal.tooManyUpcoming {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 3)
            #expect(try await scheduled.upcoming(userID: rider.id).count == 3)
        }
    }

    /// Two bookings 10 minutes apart at once: storage keeps one.
    @Test(arguments: RepositoryKind.allCases)
    func bookingsAtOnceCannotBeTooClose(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let scheduled = repositories.scheduledRides
            async let first = try? scheduled.book(Self.booking(rider.id))
            async let second = try? scheduled.book(Self.booking(rider.id, at: Self.pickup + 600))
            let results = await [first, second]
            #expect(results.compactMap { $0 }.count == 1)
            #expect(try await scheduled.upcoming(userID: rider.id).count == 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func cancelWorksOnlyOnTheRidersOwnUpcomingBooking(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@example.com"))
            let scheduled = repositories.scheduledRides
            let first = try await scheduled.book(Self.booking(rider.id))
            let second = try await scheduled.book(Self.booking(rider.id, at: Self.pickup + 7_200))

            await #expect(throws: ScheduledRideRepositoryError.notFound) {
                try await scheduled.cancel(id: first.id, userID: other.id)
            }
            await #expect(throws: ScheduledRideRepositoryError.notFound) {
                try await scheduled.cancel(id: ScheduledRideID(9_999), userID: rider.id)
            }
            try await scheduled.cancel(id: first.id, userID: rider.id)
            #expect(try await scheduled.scheduledRide(id: first.id)?.status == .cancelled)
            await #expect(throws: ScheduledRideRepositoryError.notUpcoming) {
                try await scheduled.cancel(id: first.id, userID: rider.id)
            }
            #expect(try await scheduled.start(first.id, at: first.startAt) == .notUpcoming)

            _ = try await scheduled.start(second.id, at: second.startAt)
            await #expect(throws: ScheduledRideRepositoryError.notUpcoming) {
                try await scheduled.cancel(id: second.id, userID: rider.id)
            }
            #expect(try await scheduled.upcoming(userID: rider.id).isEmpty)
        }
    }

    /// Issue 41: book-and-cancel piled up cancelled bookings (4,060 rows in 20 s). A booking deletes its rider's
    /// cancelled ones; the last stays cancelled (a second Cancel is still `notUpcoming`) until the rider books again.
    /// Other riders' cancelled bookings and the rider's upcoming ones are untouched.
    @Test(arguments: RepositoryKind.allCases)
    func bookingDeletesTheRidersCancelledBookings(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@example.com"))
            let scheduled = repositories.scheduledRides
            let kept = try await scheduled.book(Self.booking(rider.id, at: Self.pickup + 7_200))
            let othersCancelled = try await scheduled.book(Self.booking(other.id))
            try await scheduled.cancel(id: othersCancelled.id, userID: other.id)
            var booked: [ScheduledRide] = []
            for _ in 0..<50 {
                let booking = try await scheduled.book(Self.booking(rider.id))
                try await scheduled.cancel(id: booking.id, userID: rider.id)
                booked.append(booking)
            }
            for booking in booked.dropLast() {
                #expect(try await scheduled.scheduledRide(id: booking.id) == nil, "\(booking.id)")
            }
            let last = try #require(booked.last)
            #expect(try await scheduled.scheduledRide(id: last.id)?.status == .cancelled)
            await #expect(throws: ScheduledRideRepositoryError.notUpcoming) {
                try await scheduled.cancel(id: last.id, userID: rider.id)
            }
            #expect(try await scheduled.scheduledRide(id: othersCancelled.id)?.status == .cancelled)
            #expect(try await scheduled.upcoming(userID: rider.id).map(\.id) == [kept.id])
            let again = try await scheduled.book(Self.booking(rider.id))
            #expect(try await scheduled.scheduledRide(id: last.id) == nil)
            #expect(!booked.map(\.id).contains(again.id), "ids are never reused")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aDueBookingStartsAsTheRideRequestRideWouldStoreWithItsMail(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let booked = try await repositories.scheduledRides.book(Self.booking(rider.id, rate: 60))
            _ = try await Self.mailKinds(in: repositories)
            let scheduled = repositories.scheduledRides

            #expect(try await scheduled.due(at: booked.startAt - 0.001, limit: 10).isEmpty)
            #expect(try await scheduled.due(at: booked.startAt, limit: 10) == [booked])
            let outcome = try await scheduled.start(booked.id, at: booked.startAt)
            guard case .started(let ride) = outcome else {
                Issue.record("not started: \(outcome)")
                return
            }
            #expect(ride.status == .finding)
            #expect(ride.requestedAt == booked.startAt)
            #expect(ride.fareCents == 1_234)
            #expect(ride.clockRate == 60)
            #expect(ride.rideOptionID == "wallaroo")
            #expect(ride.dropoff.id == operaHouse)
            #expect(try await repositories.rides.followedRide(userID: rider.id) == ride)
            #expect(try await repositories.rides.findingRides(rideOptionIDs: ["wallaroo"], limit: 10) == [ride])
            #expect(try await repositories.rides.events(rideID: ride.id).map(\.status) == [.finding])
            #expect(try await scheduled.scheduledRide(id: booked.id)?.status == .started(ride.id))
            #expect(try await Self.mailKinds(in: repositories) == [.scheduledRideStarting])
            #expect(try await scheduled.due(at: booked.startAt + 60, limit: 10).isEmpty)
            #expect(try await scheduled.start(booked.id, at: booked.startAt + 60) == .notUpcoming)
            #expect(try await scheduled.nextStartTime(after: booked.startAt) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func behindARideInProgressItWaitsUntilItsMissTimeThenIsMissedWithItsMail(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let scheduled = repositories.scheduledRides
            let booked = try await scheduled.book(Self.booking(rider.id))
            _ = try await repositories.rides.requestRide(newRideRequest(userID: rider.id, at: booked.startAt - 60))
            _ = try await Self.mailKinds(in: repositories)

            #expect(try await scheduled.start(booked.id, at: booked.startAt) == .waiting)
            #expect(try await scheduled.nextStartTime(after: booked.startAt) == booked.missAt)
            #expect(try await scheduled.start(booked.id, at: booked.missAt - 0.001) == .waiting)
            #expect(try await Self.mailKinds(in: repositories).isEmpty)
            #expect(try await scheduled.start(booked.id, at: booked.missAt) == .missed)
            #expect(try await scheduled.scheduledRide(id: booked.id)?.status == .missed)
            #expect(try await Self.mailKinds(in: repositories) == [.scheduledRideMissed])
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 10).count == 1)
            #expect(try await scheduled.start(booked.id, at: booked.missAt + 1) == .notUpcoming)
        }
    }

    /// Two dispatchers' worth (each its own use case; on SQLite and PostgreSQL each start its own transaction on its
    /// own connection) start ten riders' bookings at once: each starts once, each rider has one ride.
    @Test(arguments: RepositoryKind.allCases)
    func twoDispatchersStartEachBookingOnce(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            var riders: [UserID] = []
            for index in 0..<10 {
                let rider = try await repositories.users.create(newUser(email: "rider\(index)@example.com"))
                riders.append(rider.id)
                _ = try await repositories.scheduledRides.book(Self.booking(rider.id))
            }
            let start = Self.pickup - 600
            let scheduled = repositories.scheduledRides
            async let first = StartDueScheduledRidesUseCase(now: start, scheduledRides: scheduled).run()
            async let second = StartDueScheduledRidesUseCase(now: start, scheduledRides: scheduled).run()
            let outcomes = try await first + second
            #expect(outcomes.filter { if case .started = $0 { true } else { false } }.count == 10)
            for rider in riders {
                #expect(try await repositories.rides.rides(userID: rider, before: nil, limit: 10).count == 1)
            }
            #expect(try await scheduled.due(at: start, limit: 100).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingTheRiderDeletesTheirBookings(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let booked = try await repositories.scheduledRides.book(Self.booking(rider.id))
            try await repositories.users.delete(id: rider.id)
            #expect(try await repositories.scheduledRides.scheduledRide(id: booked.id) == nil)
            #expect(try await repositories.scheduledRides.due(at: booked.startAt, limit: 10).isEmpty)
            #expect(try await repositories.scheduledRides.nextStartTime(after: referenceTime) == nil)
        }
    }

    /// A batch starts the due bookings in order, at most `limit`, and leaves one behind a ride in progress waiting.
    @Test(arguments: RepositoryKind.allCases)
    func aBatchStartsTheDueBookingsInOrderUpToItsLimit(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            var riders: [UserID] = []
            for index in 0..<3 {
                let rider = try await repositories.users.create(newUser(email: "rider\(index)@example.com"))
                riders.append(rider.id)
                _ = try await repositories.scheduledRides.book(Self.booking(rider.id, at: Self.pickup + Double(index)))
            }
            _ = try await repositories.rides.requestRide(newRideRequest(userID: riders[0], at: Self.pickup - 3_600))
            let scheduled = repositories.scheduledRides
            let start = Self.pickup - 598
            let first = try await scheduled.startDue(at: start, limit: 2)
            #expect(first.count == 2)
            #expect(first.first == .waiting)
            guard case .started(let ride) = first.last else {
                Issue.record("the second booking did not start: \(first)")
                return
            }
            #expect(ride.userID == riders[1])
            let second = try await scheduled.startDue(at: start, limit: 10)
            #expect(second.count == 2)
            #expect(second.first == .waiting)
            guard case .started(let third) = second.last else {
                Issue.record("the third booking did not start: \(second)")
                return
            }
            #expect(third.userID == riders[2])
            #expect(try await scheduled.upcoming(userID: riders[0]).count == 1)
        }
    }
}

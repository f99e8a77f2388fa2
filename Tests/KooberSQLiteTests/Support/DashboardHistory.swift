import Foundation
import KooberKit
import Testing
import Timekeeping

/// Rides written for the dashboard's contract, through the repositories as the dispatcher writes them, each for a
/// rider of its own: requested, given an animal, moved on by the clock's timeline, finished or cancelled at chosen
/// times.
struct DashboardHistory {
    let repositories: Repositories
    private var riders = 0

    init(_ repositories: Repositories) {
        self.repositories = repositories
    }

    /// A ride requested at `time` by a new rider.
    mutating func request(at time: Date, option: RideOption = .wallaroo) async throws -> Ride {
        riders += 1
        let rider = try await repositories.users.create(newUser(email: "rider\(riders)@dashboard.example"))
        return try await repositories.rides.requestRide(
            newRideRequest(userID: rider.id, rideOptionID: option.id, at: time))
    }

    /// A free animal of `option`, the `index`-th by id.
    func animal(_ option: RideOption, _ index: Int = 0) async throws -> Animal {
        let free = try await repositories.fleet.freeAnimals().filter { $0.rideOptionID == option.id }
        return try #require(free.count > index ? free[index] : nil)
    }

    func assign(_ ride: Ride, _ animal: Animal, at time: Date) async throws -> Ride {
        try #require(try await repositories.rides.apply(.assign(ride, animal: animal, at: time)))
    }

    /// `ride` moved on to where its timeline has it when it reaches `status` (`arrived`, `riding` or `finished`).
    func advance(_ ride: Ride, to status: RideStatus) async throws -> Ride {
        let reached = try #require(ride.timeline()?.events.first { $0.status == status })
        let change = try #require(RideChange.advance(ride, to: reached.at))
        return try #require(try await repositories.rides.apply(change))
    }

    func cancel(_ ride: Ride, at time: Date) async throws -> Ride {
        let change = try #require(RideChange.cancel(ride, at: time))
        return try #require(try await repositories.rides.apply(change))
    }

    /// A ride requested at `time`, given `animal` after `wait`, and finished by its timeline; returns it ended.
    mutating func finished(
        requestedAt time: Date, wait: Duration, animal: Animal, option: RideOption = .wallaroo
    ) async throws -> Ride {
        let ride = try await request(at: time, option: option)
        return try await advance(try await assign(ride, animal, at: time + wait), to: .finished)
    }

    /// The rider of `ride` books a ride for `pickupAt`.
    func book(for ride: Ride, pickupAt: Date, bookedAt: Date) async throws -> ScheduledRide {
        try await repositories.scheduledRides.book(
            NewScheduledRide(
                userID: ride.userID, pickup: SydneyLocator.sydney, dropoffID: operaHouse, rideOptionID: "wallaroo",
                fareCents: 1_234, pickupAt: pickupAt, bookedAt: bookedAt))
    }

    func report(_ ride: Ride, at time: Date) async throws {
        let report = ProblemReport(category: .route, text: "Hopped the long way round.", reportedAt: time)
        #expect(try await repositories.rideFeedback.report(rideID: ride.id, report))
    }
}

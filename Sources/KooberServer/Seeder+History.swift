import Foundation
import KooberKit
import Timekeeping

extension Seeder {
    /// `count` ended rides for the rider, oldest first so that ids grow with time: one every 15 minutes, two to a
    /// second each time (the history's ties are broken by id), the newest an hour ago; the options in turn and the
    /// drop-offs among the places. Four in five are assigned an animal of the fleet 20 s after the request and run to
    /// `finished` as the clock would move them; the fifth is cancelled while finding, a minute after. All are left
    /// behind, as Start New Ride leaves them. Returns them newest first, the history's order. With `receipts`, each
    /// finished ride's end queues its receipt as the dispatcher's does (in the ride's transaction; the rider's email is
    /// confirmed first, since receipts go only to confirmed emails).
    func history(userID: UserID, count: Int, receipts: Bool = false) async throws -> [Ride] {
        if receipts { try await confirmEmail(of: userID) }
        let places = try await sortedPlaces()
        let animals = Dictionary(grouping: try await services.fleetRepository.freeAnimals(), by: \.rideOptionID)
        let newest = wholeSecondsNow.addingTimeInterval(-3600)
        var made: [Ride] = []
        for index in 0..<count {
            let requestedAt = newest.addingTimeInterval(-Double((count - 1 - index) / 2 * 1800))
            let option = RideOption.all[index % RideOption.all.count].id
            let ride = try await requestRide(
                userID: userID, option: option, dropoff: places[(index * 7) % places.count], at: requestedAt)
            if index % 5 == 4 {
                guard let cancel = RideChange.cancel(ride, at: requestedAt.addingTimeInterval(60)) else {
                    throw SeedError("ride \(ride.id) cannot be cancelled")
                }
                made.append(try await apply(cancel))
            } else {
                guard let fleet = animals[option], !fleet.isEmpty else {
                    throw SeedError("no \(option) of the fleet is free")
                }
                let animal = fleet[(index / RideOption.all.count) % fleet.count]
                let onTheWay = try await apply(.assign(ride, animal: animal, at: requestedAt.addingTimeInterval(20)))
                guard let finish = RideChange.advance(onTheWay, to: .distantFuture) else {
                    throw SeedError("ride \(ride.id) does not move on")
                }
                made.append(try await apply(receipts ? finish.queueing(.receipt(of: ride.id)) : finish))
            }
        }
        try await services.rideRepository.startNewRide(userID: userID)
        return made.sorted { ($0.requestedAt, $0.id.rawValue) > ($1.requestedAt, $1.id.rawValue) }
    }

    /// Reports a problem with the first `count` of `rides` (ended ones), each a minute after it ended, as Report a
    /// Problem stores one: open reports for Koober Ops' dashboard. Throws when there are fewer rides than `count`.
    func report(_ rides: [Ride], count: Int) async throws {
        guard rides.count >= count else {
            throw SeedError("only \(rides.count) finished rides to report, not \(count)")
        }
        for ride in rides.prefix(count) {
            let report = ProblemReport(
                category: .somethingElse, text: "Seeded for the dashboard.",
                reportedAt: (ride.endedAt ?? ride.requestedAt) + .seconds(60))
            guard try await services.rideFeedbackRepository.report(rideID: ride.id, report) else {
                throw SeedError("ride \(ride.id) was reported already")
            }
        }
    }

    /// Confirms the rider's email as its link would (the confirmation message is queued too, as at sign up).
    func confirmEmail(of userID: UserID) async throws {
        let link = AccountLinkIssue(purpose: .emailConfirmation, now: now(), lifetime: .seconds(3600))
        try await services.accountLinks.issue(link, for: userID)
        guard try await services.accountLinks.confirmEmail(tokenHash: link.tokenHash, at: now()) != nil else {
            throw SeedError("the rider's email could not be confirmed")
        }
    }
}

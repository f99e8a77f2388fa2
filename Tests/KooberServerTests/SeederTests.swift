import Foundation
import KooberApp
import KooberKit
import Logging
import Testing

@testable import KooberServer

/// `koober seed`'s writes, read back through the repositories of an SQLite file opened as koober opens it.
@Suite struct SeederTests {
    private func withSeeder(fleetSize: Int = 1, _ body: (Seeder) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koober-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = KooberStorageConfiguration(
            database: .sqlite(path: folder.appendingPathComponent("koober.sqlite").path), fleetSize: fleetSize)
        let storage = try await KooberStorage.open(
            configuration, logger: Logger(label: "koober.seed") { _ in SwiftLogNoOpLogHandler() })
        do {
            try await body(Seeder(services: storage.services, fleetSize: fleetSize))
        } catch {
            try? await storage.database.close()
            throw error
        }
        try await storage.database.close()
    }

    @Test func ridersGetThePasswordSessionsAndRidesAsked() async throws {
        try await withSeeder { seeder in
            let riders = try await seeder.riders(count: 3, emailPrefix: "rider", password: "hop-hop-hop")
            #expect(riders.map(\.email) == ["rider1@seed.koober", "rider2@seed.koober", "rider3@seed.koober"])
            let credentials = try #require(
                try await seeder.services.userRepository.credentials(forEmail: "rider2@seed.koober"))
            #expect(try await seeder.services.passwordHasher.verify("hop-hop-hop", against: credentials.passwordHash))
            // Seeding again goes on after the emails taken.
            let more = try await seeder.riders(count: 1, emailPrefix: "rider", password: "hop-hop-hop")
            #expect(more.map(\.email) == ["rider4@seed.koober"])

            let token = try await seeder.startSession(userID: riders[0].id)
            let session = try #require(try await seeder.services.sessionRepository.session(tokenHash: token.hash))
            #expect(session.profile.id == riders[0].id)
            #expect(session.kind == .web)
            let apiToken = try await seeder.startSession(userID: riders[1].id, kind: .api)
            let api = try #require(try await seeder.services.sessionRepository.session(tokenHash: apiToken.hash))
            #expect(api.profile.id == riders[1].id && api.kind == .api)

            let rides = try await seeder.findingRides(for: riders)
            #expect(rides.map(\.rideOptionID) == ["wallabee", "wallaroo", "kangaroo"])
            for (rider, ride) in zip(riders, rides) {
                #expect(try await seeder.services.rideRepository.followedRide(userID: rider.id)?.id == ride.id)
                #expect(ride.status == .finding && ride.fareCents > 0)
            }
        }
    }

    @Test func aBusyFleetLeavesNewRidesFinding() async throws {
        try await withSeeder(fleetSize: 2) { seeder in
            #expect(try await seeder.occupyFleet() == 6)
            #expect(try await seeder.services.fleetRepository.freeAnimals().isEmpty)
            let blocker = try await seeder.user(email: "blocker1@seed.koober")
            let ride = try #require(try await seeder.services.rideRepository.followedRide(userID: blocker.id))
            #expect(ride.progress(at: seeder.now().addingTimeInterval(3 * 3600)).status == .onTheWay)
        }
    }

    @Test func ridesOnTheWayHaveAnAnimalEachAtTheDistanceAsked() async throws {
        try await withSeeder { seeder in
            let riders = try await seeder.riders(count: 4, emailPrefix: "moving", password: "hop-hop-hop")
            let rides = try await seeder.ridesOnTheWay(for: riders, kilometres: 8)
            #expect(Set(rides.compactMap(\.assignment?.animalID)).count == 4)
            for ride in rides {
                #expect(ride.status == .onTheWay)
                let eta = try #require(ride.progress(at: seeder.now()).etaSeconds)
                #expect(eta > 18 * 60 && eta < 22 * 60)  // 8 km at 24 km/h
            }
            // The fleet's own animals are still free.
            #expect(
                try await seeder.services.fleetRepository.freeAnimals().filter { !$0.name.hasPrefix("Seeded") }.count
                    == 3)
        }
    }

    @Test func aBurstLeavesEveryRideFindingAndTheFleetBack() async throws {
        try await withSeeder { seeder in
            let riders = try await seeder.riders(count: 6, emailPrefix: "burst", password: "hop-hop-hop")
            let burst = try await seeder.burst(for: riders)
            #expect(burst.rides.count == 6 && burst.rides.allSatisfy { $0.status == .finding })
            #expect(try await seeder.services.fleetRepository.freeAnimals().count == 3)
        }
    }

    @Test func bookingsAllStartAtTheTimeAsked() async throws {
        try await withSeeder { seeder in
            let riders = try await seeder.riders(count: 4, emailPrefix: "booker", password: "hop-hop-hop")
            let start = seeder.wholeSecondsNow.addingTimeInterval(30)
            let bookings = try await seeder.bookings(for: riders, startingAt: start)
            #expect(bookings.map(\.userID) == riders.map(\.id))
            #expect(bookings.map(\.rideOptionID) == ["wallabee", "wallaroo", "kangaroo", "wallabee"])
            #expect(bookings.allSatisfy { $0.status == .upcoming && $0.fareCents > 0 })
            let repository = seeder.services.scheduledRideRepository
            #expect(try await repository.upcoming(userID: riders[1].id).map(\.id) == [bookings[1].id])
            // None is due a second before the start time; every one at it.
            #expect(try await repository.due(at: start.addingTimeInterval(-1), limit: 10).isEmpty)
            #expect(Set(try await repository.due(at: start, limit: 10).map(\.id)) == Set(bookings.map(\.id)))
        }
    }

    @Test func ratingsMoveEveryAnimalsTotalAsRateYourRideDoes() async throws {
        try await withSeeder { seeder in
            let rated = try await seeder.rateFleet(stars: [5, 5, 4])
            #expect(rated.count == 3)  // one animal an option
            for (animal, rating) in rated {
                #expect(rating == AnimalRating(starsSum: 14, count: 3))
                #expect(try await seeder.services.rideFeedbackRepository.animalRating(animalID: animal.id) == rating)
                #expect(SeedOutput.RatedAnimal(animal, rating).shown == "★ 4.7")
            }
            // Each rating is a rider's finished ride's own, and the raters are free to ride again.
            let rater = try await seeder.user(email: "rater3@seed.koober")
            let rides = try await seeder.services.rideRepository.rides(userID: rater.id, before: nil, limit: 10)
            #expect(rides.count == 3 && rides.allSatisfy { $0.status == .finished })
            for ride in rides {
                let feedback = try await seeder.services.rideFeedbackRepository.feedback(rideID: ride.id)
                #expect(feedback.rating?.stars.value == 4)
            }
            #expect(try await seeder.services.rideRepository.followedRide(userID: rater.id) == nil)
        }
    }

    @Test func aHistoryIsKooberSOwnOrderWithItsCursors() async throws {
        try await withSeeder { seeder in
            let rider = try await seeder.user(email: "johnny@gmail.com")
            let history = try await seeder.history(userID: rider.id, count: 12)
            let stored = try await seeder.services.rideRepository.rides(userID: rider.id, before: nil, limit: 100)
            #expect(stored.map(\.id) == history.map(\.id))
            #expect(stored.filter { $0.status == .cancelled }.count == 2)
            #expect(stored.filter { $0.status == .finished }.count == 10)
            #expect(try await seeder.services.rideRepository.followedRide(userID: rider.id) == nil)  // all left behind
            let after = try await seeder.services.rideRepository.rides(
                userID: rider.id, before: RideHistoryCursor(after: history[4]), limit: 100)
            #expect(after.map(\.id) == history[5...].map(\.id))
        }
    }

    @Test func reportsAreTheNewestFinishedRidesLeftOpen() async throws {
        try await withSeeder { seeder in
            let rider = try await seeder.user(email: "johnny@gmail.com")
            let history = try await seeder.history(userID: rider.id, count: 12)
            let finished = history.filter { $0.status == .finished }
            try await seeder.report(finished, count: 3)
            for ride in finished.prefix(3) {
                let report = try #require(
                    try await seeder.services.rideFeedbackRepository.feedback(rideID: ride.id).report)
                #expect(report.reportedAt == (ride.endedAt ?? .distantPast).addingTimeInterval(60))
            }
            #expect(try await seeder.services.rideFeedbackRepository.feedback(rideID: finished[3].id).report == nil)
            let dashboard = try await seeder.services.dashboardRepository.dashboard(at: seeder.now())
            #expect(dashboard.openReports == 3)
            await #expect(throws: SeedError.self) { try await seeder.report(finished, count: 11) }
        }
    }
}

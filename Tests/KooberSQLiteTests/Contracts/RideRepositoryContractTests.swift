import Foundation
import KooberKit
import Testing

/// What every `RideRepository` promises, checked on each implementation.
struct RideRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aNewRiderHasNoDropoffNoRideInProgressAndNoRides(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id) == nil)
            #expect(try await repositories.rides.followedRide(userID: rider.id) == nil)
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theChosenDropoffIsRememberedAndChoosingAgainChangesIt(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: operaHouse, at: referenceTime)
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id)?.name == "Opera House")

            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime + 60)
            let dropoff = try await repositories.rides.chosenDropoff(userID: rider.id)
            #expect(dropoff == (try await repositories.places.place(id: moma)))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func startingANewRideClearsTheChosenDropoff(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: operaHouse, at: referenceTime)
            try await repositories.rides.startNewRide(userID: rider.id)

            #expect(try await repositories.rides.chosenDropoff(userID: rider.id) == nil)
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func choosingAnUnknownPlaceIsRefusedAndKeepsTheEarlierChoice(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            await #expect(throws: RideRepositoryError.unknownPlace) {
                try await repositories.rides.chooseDropoff(userID: rider.id, placeID: noSuchPlace, at: referenceTime)
            }
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id) == nil)

            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime)
            await #expect(throws: RideRepositoryError.unknownPlace) {
                try await repositories.rides.chooseDropoff(userID: rider.id, placeID: noSuchPlace, at: referenceTime)
            }
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id)?.id == moma)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theRideStateFollowsTheRiderThroughEachStep(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@example.com"))
            #expect(try await repositories.rides.rideState(userID: rider.id) == .choosingDropoff)

            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime)
            let dropoff = try #require(try await repositories.places.place(id: moma))
            #expect(try await repositories.rides.rideState(userID: rider.id) == .choosingRideOption(dropoff: dropoff))

            let ride = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, dropoffID: moma, rideOptionID: "kangaroo", fareCents: 987)
            )
            #expect(try await repositories.rides.rideState(userID: rider.id) == .following(ride))
            #expect(try await repositories.rides.rideState(userID: other.id) == .choosingDropoff)

            let cancelled = try await cancel(ride, in: repositories)
            #expect(try await repositories.rides.rideState(userID: rider.id) == .following(cancelled))
            try await repositories.rides.startNewRide(userID: rider.id)
            #expect(try await repositories.rides.rideState(userID: rider.id) == .choosingDropoff)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func requestingARideStoresAndReturnsItAndClearsTheDropoff(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime)

            let ride = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, dropoffID: moma, rideOptionID: "kangaroo", fareCents: 987)
            )
            #expect(ride.userID == rider.id)
            #expect(ride.pickup == SydneyLocator.sydney)
            #expect(ride.dropoff == (try await repositories.places.place(id: moma)))
            #expect(ride.dropoff.name == "MOMA")
            #expect(ride.rideOptionID == "kangaroo")
            #expect(ride.fareCents == 987)
            #expect(ride.requestedAt == referenceTime)
            #expect(ride.status == .finding)

            #expect(try await repositories.rides.followedRide(userID: rider.id) == ride)
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100) == [ride])
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theRequestTimeIsKeptToTheWholeSecond(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let request = newRideRequest(userID: rider.id, at: referenceTime + 0.75)
            let ride = try await repositories.rides.requestRide(request)
            #expect(ride.requestedAt == referenceTime)
            #expect(try await repositories.rides.followedRide(userID: rider.id)?.requestedAt == referenceTime)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSecondRequestWhileARideWaitsIsRefusedAndChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let first = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime + 30)

            let second = newRideRequest(userID: rider.id, dropoffID: moma, at: referenceTime + 60)
            await #expect(throws: RideRepositoryError.rideAlreadyInProgress) {
                try await repositories.rides.requestRide(second)
            }
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100) == [first])
            #expect(try await repositories.rides.followedRide(userID: rider.id) == first)
            // The refused request cleared nothing either.
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id)?.id == moma)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func concurrentRequestsForOneRiderStoreExactlyOneRide(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: operaHouse, at: referenceTime)

            let outcome = try await requestAtOnce(10, userID: rider.id, through: [repositories.rides])
            #expect(outcome.stored.count == 1)
            #expect(outcome.refused == 9)
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100) == outcome.stored)
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func requestingARideToAnUnknownPlaceIsRefusedAndChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: operaHouse, at: referenceTime)

            await #expect(throws: RideRepositoryError.unknownPlace) {
                try await repositories.rides.requestRide(newRideRequest(userID: rider.id, dropoffID: noSuchPlace))
            }
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100).isEmpty)
            #expect(try await repositories.rides.chosenDropoff(userID: rider.id)?.id == operaHouse)
        }
    }

    /// Ride options and fares no form of Koober's can send (the storage's last line of defence).
    private static let forgeries: [(rideOptionID: String, fareCents: Cents)] = [
        ("limousine", 1_234), ("", 1_234), ("Wallaroo", 1_234), ("wallaroo", -1),
    ]

    @Test(arguments: RepositoryKind.allCases, forgeries)
    func aForgedRideOptionOrANegativeFareIsRefusedAndStoresNothing(
        kind: RepositoryKind,
        forgery: (rideOptionID: String, fareCents: Cents)
    ) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let request = newRideRequest(
                userID: rider.id,
                rideOptionID: forgery.rideOptionID,
                fareCents: forgery.fareCents
            )
            await #expect(throws: (any Error).self) {
                try await repositories.rides.requestRide(request)
            }
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func afterStartingANewRideTheOldOneIsFinishedAndAnotherCanBeRequested(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let first = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            _ = try await cancel(first, in: repositories)
            try await repositories.rides.startNewRide(userID: rider.id)
            #expect(try await repositories.rides.followedRide(userID: rider.id) == nil)

            let second = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, dropoffID: moma, at: referenceTime + 3_600)
            )
            #expect(second.id != first.id)
            #expect(try await repositories.rides.followedRide(userID: rider.id) == second)
            let rides = try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100)
            #expect(rides.map(\.id) == [second.id, first.id])
            #expect(rides.map(\.status) == [.finding, .cancelled])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func startingANewRideWithNothingInProgressChangesNoRide(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            _ = try await cancel(ride, in: repositories)
            try await repositories.rides.startNewRide(userID: rider.id)
            let finished = try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100)

            try await repositories.rides.startNewRide(userID: rider.id)
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100) == finished)
            #expect(finished.map(\.status) == [.cancelled])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func ridesAreListedNewestFirstAndRidesOfTheSameSecondLatestStoredFirst(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            // Requested out of time order, and two in the same second.
            var stored: [Ride] = []
            for offset in [60.0, 0, 120, 120] {
                let request = newRideRequest(userID: rider.id, at: referenceTime + offset)
                stored.append(try await repositories.rides.requestRide(request))
                _ = try await cancel(stored.last!, in: repositories)
            }
            let listed = try await repositories.rides.rides(userID: rider.id, before: nil, limit: 100)
            #expect(listed.map(\.id) == [stored[3].id, stored[2].id, stored[0].id, stored[1].id])
        }
    }

    /// 45 rides, some in the same second, read 20 at a time from each page's last ride: every ride exactly once,
    /// newest first, and another rider's rides never.
    @Test(arguments: RepositoryKind.allCases)
    func theHistoryPagesFromACursorThroughEveryRideOnce(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            var stored: [Ride] = []
            for index in 0..<45 {
                let request = newRideRequest(userID: rider.id, at: referenceTime + Double(index / 3) * 60)
                stored.append(try await repositories.rides.requestRide(request))
                _ = try await cancel(stored.last!, in: repositories)
                if index % 10 == 0 {
                    let theirs = try await repositories.rides.requestRide(
                        newRideRequest(userID: other.id, at: referenceTime + Double(index) * 60))
                    _ = try await cancel(theirs, in: repositories)
                }
            }
            var seen: [RideID] = []
            var before: RideHistoryCursor?
            var pages = 0
            repeat {
                let page = try await repositories.rides.rides(userID: rider.id, before: before, limit: 20)
                seen += page.map(\.id)
                before = page.count == 20 ? page.last.map(RideHistoryCursor.init(after:)) : nil
                pages += 1
            } while before != nil && pages < 10
            #expect(pages == 3)
            // Newest first; within a second, the one stored last first.
            #expect(seen == stored.reversed().map(\.id))
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 0).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func twoRidersRidesAndDropoffsNeverMix(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser(email: "johnny@gmail.com"))
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let johnnysRide = try await repositories.rides.requestRide(newRideRequest(userID: johnny.id))
            // Skippy may request while Johnny's ride waits: the one-ride rule is per rider.
            let skippysRide = try await repositories.rides.requestRide(
                newRideRequest(userID: skippy.id, dropoffID: moma)
            )
            try await repositories.rides.chooseDropoff(userID: johnny.id, placeID: moma, at: referenceTime)

            #expect(try await repositories.rides.rides(userID: johnny.id, before: nil, limit: 100) == [johnnysRide])
            #expect(try await repositories.rides.rides(userID: skippy.id, before: nil, limit: 100) == [skippysRide])
            #expect(try await repositories.rides.chosenDropoff(userID: skippy.id) == nil)

            _ = try await cancel(johnnysRide, in: repositories)
            try await repositories.rides.startNewRide(userID: johnny.id)
            #expect(try await repositories.rides.followedRide(userID: johnny.id) == nil)
            #expect(try await repositories.rides.followedRide(userID: skippy.id) == skippysRide)
        }
    }

    /// Issue 29: a deleted rider's rides (gone with them on SQLite and PostgreSQL) may hold the highest revisions, and
    /// the next change must still come after every revision ever given, or the streams, which ask for what changed
    /// after the last revision they heard of, never hear of it.
    @Test(arguments: RepositoryKind.allCases)
    func revisionsNeverRepeatWhenADeletedRidersRidesHeldTheHighest(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            var given: Set<Int64> = []
            for round in 0..<3 {
                let johnny = try await repositories.users.create(newUser(email: "johnny\(round)@gmail.com"))
                let skippysRide = try await repositories.rides.requestRide(
                    newRideRequest(userID: skippy.id, at: referenceTime + Double(round) * 3_600))
                let johnnysRide = try await repositories.rides.requestRide(
                    newRideRequest(userID: johnny.id, at: referenceTime + Double(round) * 3_600))
                let johnnysCancel = try await cancel(johnnysRide, in: repositories)
                let heard = try await repositories.rides.latestRideChange()
                #expect(try await repositories.rides.rideChanges(after: heard, limit: 10).rides.isEmpty)
                try await repositories.users.delete(id: johnny.id)

                let skippysCancel = try await cancel(skippysRide, in: repositories)
                #expect(skippysCancel.revision > johnnysCancel.revision)
                let news = try await repositories.rides.rideChanges(after: heard, limit: 10)
                #expect(news.rides.map(\.id) == [skippysRide.id])
                #expect(news.rides.first?.status == .cancelled)
                #expect(news.cursor > heard && !news.heldBack)
                for revision in [
                    skippysRide.revision, johnnysRide.revision, johnnysCancel.revision, skippysCancel.revision,
                ] {
                    #expect(given.insert(revision).inserted, "revision \(revision) given twice")
                }
                try await repositories.rides.startNewRide(userID: skippy.id)
            }
        }
    }

    /// Ends `ride` as Cancel Ride does, a minute after it was requested.
    private func cancel(_ ride: Ride, in repositories: Repositories) async throws -> Ride {
        let change = try #require(RideChange.cancel(ride, at: ride.requestedAt + 60))
        return try #require(try await repositories.rides.apply(change))
    }
}

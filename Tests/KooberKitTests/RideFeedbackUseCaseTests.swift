import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Rate Your Ride and Report a Problem's rules at their edges, on the in-memory store and a clock the test sets: 7
/// days to rate a finished ride, 24 hours to change the stars, one tip, 30 days to report a finished or cancelled
/// ride, the rider's own rides only, and every field checked before anything is stored.
struct RideFeedbackUseCaseTests {
    static let fleet = [
        FleetMember(rideOptionID: "wallaroo", number: 1, name: "Skippy", restingPlace: TestPlaces.operaHouse.location)
    ]
    static let day: TimeInterval = 86_400

    /// A world whose rider has a finished ride (returned, with when it finished).
    private func finishedRide() async throws -> (RideWorld, Ride, Date) {
        let world = RideWorld()
        try await world.rides.provide(Self.fleet)
        let requested = try await world.requestRideTo(TestPlaces.georgeStreet)
        try await DispatchRidesUseCase(now: referenceTime, rideRepository: world.rides, fleetRepository: world.rides)
            .run()
        try await AdvanceRidesUseCase(now: referenceTime + 3_600, rideRepository: world.rides).run()
        let ride = try #require(try await world.rides.ride(id: requested.id))
        #expect(ride.status == .finished)
        return (world, ride, try #require(ride.endedAt))
    }

    private func rate(
        _ world: RideWorld, _ ride: Ride, by rider: UserID = RideWorld.johnny, at time: Date, stars: Int? = 4,
        compliments: [String] = [], tip: TipChoice = .none
    ) async throws -> RideRating {
        try await RateRideUseCase(target(world, ride, rider, time))
            .run(stars: stars, compliments: compliments, tip: tip)
    }

    private func report(
        _ world: RideWorld, _ ride: Ride, by rider: UserID = RideWorld.johnny, at time: Date,
        category: String? = "route", text: String = "Took the long way round"
    ) async throws -> ProblemReport {
        try await ReportProblemUseCase(target(world, ride, rider, time)).run(category: category, text: text)
    }

    private func target(_ world: RideWorld, _ ride: Ride, _ rider: UserID, _ time: Date) -> FeedbackTarget {
        FeedbackTarget(
            userID: rider, rideID: ride.id, now: time, rideRepository: world.rides, feedbackRepository: world.rides)
    }

    @Test func aFinishedRideCanBeRatedUntilSevenDaysAfterItFinished() async throws {
        let (world, ride, finished) = try await finishedRide()
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await rate(world, ride, at: finished + 7 * Self.day + 0.001)
        }
        #expect(try await world.rides.feedback(rideID: ride.id) == RideFeedback())
        let rating = try await rate(world, ride, at: finished + 7 * Self.day, tip: .dollars("A$2.50"))
        #expect(rating.stars.value == 4)
        #expect(rating.tip?.cents == 250)
    }

    @Test func starsAndComplimentsChangeForTwentyFourHoursAndTheTipOnlyOnce() async throws {
        let (world, ride, finished) = try await finishedRide()
        let first = finished + 60
        _ = try await rate(world, ride, at: first, stars: 2, tip: .cents(100))
        let changed = try await rate(
            world, ride, at: first + Self.day, stars: 5, compliments: ["smooth_hops", "friendly"])
        #expect(changed.stars.value == 5)
        #expect(changed.compliments == [.smoothHops, .friendly])
        #expect(changed.tip?.cents == 100)
        await #expect(throws: RideFeedbackError.tipAlreadyGiven) {
            try await rate(world, ride, at: first + 10, stars: 5, tip: .cents(500))
        }
        await #expect(throws: RideFeedbackError.ratingClosed) {
            try await rate(world, ride, at: first + Self.day + 1, stars: 1)
        }
        let stored = try #require(try await world.rides.feedback(rideID: ride.id).rating)
        #expect(stored == changed)
        let animal = try #require(ride.assignment?.animalID)
        #expect(try await world.rides.animalRating(animalID: animal) == AnimalRating(starsSum: 5, count: 1))
    }

    @Test func anotherRidersRideAnUnfinishedOneOrNoneIsNotFound() async throws {
        let (world, ride, finished) = try await finishedRide()
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await rate(world, ride, by: RideWorld.jane, at: finished + 1)
        }
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await report(world, ride, by: RideWorld.jane, at: finished + 1)
        }
        let janes = try await world.requestRideTo(TestPlaces.moma, for: RideWorld.jane)
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await rate(world, janes, by: RideWorld.jane, at: finished + 1)
        }
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await report(world, janes, by: RideWorld.jane, at: finished + 1)
        }
        #expect(try await world.rides.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func aCancelledRideCannotBeRatedButCanBeReportedForThirtyDays() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.georgeStreet)
        _ = try await world.cancelRide(at: referenceTime + 10).get()
        let cancelled = try #require(try await world.rides.ride(id: ride.id))
        let ended = try #require(cancelled.endedAt)
        await #expect(throws: RideFeedbackError.rideNotFound) { try await rate(world, cancelled, at: ended + 1) }
        await #expect(throws: RideFeedbackError.rideNotFound) {
            try await report(world, cancelled, at: ended + 30 * Self.day + 0.001)
        }
        let filed = try await report(world, cancelled, at: ended + 30 * Self.day)
        #expect(filed.category == .route)
        await #expect(throws: RideFeedbackError.alreadyReported) {
            try await report(world, cancelled, at: ended + 30 * Self.day, category: "fare")
        }
        #expect(try await world.rides.feedback(rideID: ride.id).report == filed)
    }

    @Test func forgedFieldsAreRefusedTogetherAndChangeNothing() async throws {
        let (world, ride, finished) = try await finishedRide()
        for (stars, compliments, tip, problems) in [
            (6, [], TipChoice.none, [RideFeedbackField.stars: FieldProblem.notAChoice]),
            (0, [], .none, [.stars: .notAChoice]),
            (nil, [], .none, [.stars: .missing]),
            (5, ["rude"], .none, [.compliments: .notAChoice]),
            (5, [], .cents(5_001), [.tip: .notAnAmount]),
            (5, [], .cents(-1), [.tip: .notAnAmount]),
            (5, [], .dollars("50.01"), [.tip: .notAnAmount]),
            (5, [], .dollars("1e9"), [.tip: .notAnAmount]),
            (5, [], .dollars(""), [.tip: .missing]),
            (9, ["friendly", "x"], .cents(49), [.stars: .notAChoice, .compliments: .notAChoice, .tip: .notAnAmount]),
        ] as [(Int?, [String], TipChoice, [RideFeedbackField: FieldProblem])] {
            await #expect(throws: RideFeedbackError.invalid(problems)) {
                try await rate(world, ride, at: finished + 1, stars: stars, compliments: compliments, tip: tip)
            }
        }
        for (category, text, problems) in [
            ("hats", "x", [RideFeedbackField.category: FieldProblem.notAChoice]),
            (nil, "x", [.category: .missing]),
            ("fare", " \n ", [.text: .missing]),
            ("fare", String(repeating: "é", count: 1_001), [.text: .tooLong(ProblemReport.textLimit)]),
        ] as [(String?, String, [RideFeedbackField: FieldProblem])] {
            await #expect(throws: RideFeedbackError.invalid(problems)) {
                try await report(world, ride, at: finished + 1, category: category, text: text)
            }
        }
        #expect(try await world.rides.feedback(rideID: ride.id) == RideFeedback())
        _ = try await report(world, ride, at: finished + 1, text: String(repeating: "é", count: 1_000))
    }
}

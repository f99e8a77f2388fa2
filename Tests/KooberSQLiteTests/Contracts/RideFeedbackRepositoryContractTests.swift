import Foundation
import KooberKit
import Testing

/// What every store promises for ratings, tips and reports (issue 32): the animal's running total after many ratings
/// and changes, changes only within their window, a tip given once, a report once, and two ratings of one ride sent at
/// once taking turns (one tip, a consistent total); on each implementation.
struct RideFeedbackRepositoryContractTests {
    private static let changeWindow: TimeInterval = 24 * 60 * 60

    @Test(arguments: RepositoryKind.allCases)
    func anAnimalsTotalIsTheSumAndCountOfItsRidesStarsAndMovesByAChangesDifference(kind: RepositoryKind)
        async throws
    {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            let stars = [5, 4, 5, 3, 5, 5, 4]
            var rides: [Ride] = []
            var animal: AnimalID?
            for (index, count) in stars.enumerated() {
                let ride = try await finishedRide(of: johnny.id, animal: animal, at: Double(index), in: repositories)
                animal = ride.assignment?.animalID
                rides.append(ride)
                let outcome = try await rate(ride, stars: count, at: finishTime(index), in: repositories)
                guard case .saved(let rating) = outcome else { throw OutcomeMismatch(outcome: outcome) }
                #expect(rating.stars.value == count)
            }
            let animalID = try #require(animal)
            let total = try await repositories.rideFeedback.animalRating(animalID: animalID)
            #expect(total == AnimalRating(starsSum: 31, count: 7))
            #expect(total.shownTenths == 44)  // 31 / 7 = 4.43

            // The 3 becomes a 5 within the day: the total moves by 2, the count stays.
            let changed = try await rate(rides[3], stars: 5, at: finishTime(3) + 3_600, in: repositories)
            #expect(changed.savedStars == 5)
            #expect(
                try await repositories.rideFeedback.animalRating(animalID: animalID)
                    == AnimalRating(starsSum: 33, count: 7))
            #expect(try await repositories.rideFeedback.animalRating(animalID: AnimalID(999_999)) == .none)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func starsAndComplimentsChangeWithinTheWindowOnlyAndTheFirstRatingsTimeStays(kind: RepositoryKind)
        async throws
    {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            let ride = try await finishedRide(of: johnny.id, in: repositories)
            let first = finishTime(0)
            _ = try await rate(ride, stars: 2, at: first, in: repositories)
            let lastMoment = first + Self.changeWindow
            let changed = try await rate(
                ride, stars: 4, compliments: [.friendly, .knewTheWay], at: lastMoment, in: repositories)
            #expect(changed.savedStars == 4)
            let late = try await rate(ride, stars: 1, at: lastMoment + 1, in: repositories)
            #expect(late == .changeWindowClosed)

            let stored = try await storedRating(
                of: ride, animalTotal: AnimalRating(starsSum: 4, count: 1), in: repositories)
            #expect(stored.stars.value == 4)
            #expect(stored.compliments == [.friendly, .knewTheWay])
            #expect(abs(stored.firstRatedAt.timeIntervalSince(first)) < 0.001)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aTipIsGivenOnceAndNeverChangedAndARefusedRatingChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            let ride = try await finishedRide(of: johnny.id, in: repositories)
            let time = finishTime(0)
            _ = try await rate(ride, stars: 3, at: time, in: repositories)
            let tipped = try await rate(ride, stars: 4, tipCents: 200, at: time + 60, in: repositories)
            guard case .saved(let rating) = tipped else { throw OutcomeMismatch(outcome: tipped) }
            #expect(rating.tip?.cents == 200)
            #expect(try await rate(ride, stars: 1, tipCents: 500, at: time + 120, in: repositories) == .tipAlreadyGiven)
            // Without a tip the stars still change, and the tip stays.
            let withoutTip = try await rate(ride, stars: 5, at: time + 180, in: repositories)
            guard case .saved(let kept) = withoutTip else { throw OutcomeMismatch(outcome: withoutTip) }
            #expect(kept.tip?.cents == 200)

            let stored = try await storedRating(
                of: ride, animalTotal: AnimalRating(starsSum: 5, count: 1), in: repositories)
            #expect(stored.tip?.cents == 200)
            #expect(stored.stars.value == 5)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aTipQueuesTheReceiptWithItsTotalOnlyToAConfirmedEmail(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let confirmed = try await repositories.users.create(newUser())
            let unconfirmed = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            try await confirmEmail(of: confirmed.id, in: repositories)
            let confirmedRide = try await finishedRide(of: confirmed.id, in: repositories)
            let unconfirmedRide = try await finishedRide(of: unconfirmed.id, at: 1, in: repositories)
            let time = finishTime(1) + 60
            let receipt = OutgoingMail.receipt(of: confirmedRide.id)
            _ = try await rate(confirmedRide, stars: 5, tipCents: 500, receipt: receipt, at: time, in: repositories)
            _ = try await rate(unconfirmedRide, stars: 5, tipCents: 500, at: time, in: repositories)

            let claimed = try await repositories.outbox.claimDue(at: time + 1, limit: 10, leaseUntil: time + 60)
            #expect(claimed.map(\.mail) == [receipt])
            #expect(claimed.first?.recipient == confirmed)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRideHasOneReportKeptAsSent(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            let ride = try await finishedRide(of: johnny.id, in: repositories)
            let report = ProblemReport(
                category: .lostItem, text: "Left my hat in the pouch 🎩 — <b>grey</b>", reportedAt: finishTime(0) + 5)
            #expect(try await repositories.rideFeedback.report(rideID: ride.id, report))
            let second = ProblemReport(category: .fare, text: "Again", reportedAt: finishTime(0) + 10)
            #expect(try await !repositories.rideFeedback.report(rideID: ride.id, second))

            let feedback = try await repositories.rideFeedback.feedback(rideID: ride.id)
            #expect(feedback.report == report)
            #expect(feedback.rating == nil)
            #expect(try await repositories.rideFeedback.feedback(rideID: RideID(999_999)) == RideFeedback())
            let submission = RatingSubmission(
                stars: try #require(Stars(5)), compliments: [], tip: TipAmount(cents: 100))
            let gone = try await repositories.rideFeedback.rate(
                rideID: RideID(999_999), animalID: try #require(ride.assignment?.animalID), submission,
                at: finishTime(0), changeableSince: finishTime(0) - Self.changeWindow, receipt: .receipt(of: ride.id))
            #expect(gone == .rideGone)
            // A report of a ride that is gone (its rider deleted the account meanwhile) stores nothing and throws no
            // broken foreign key.
            #expect(try await !repositories.rideFeedback.report(rideID: RideID(999_999), report))
        }
    }

    /// Two ratings of one ride, each with a tip, sent at once: one is saved, the other refused; the animal's total
    /// counts one rating, of the winner's stars. Several rounds, so the race really is run.
    @Test(arguments: RepositoryKind.allCases)
    func twoRatingsOfOneRideSentAtOnceGiveOneTipAndAConsistentTotal(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            var animal: AnimalID?
            var expectedSum = 0
            for round in 0..<5 {
                let ride = try await finishedRide(of: johnny.id, animal: animal, at: Double(round), in: repositories)
                animal = ride.assignment?.animalID
                let time = finishTime(round) + 1
                let outcomes = try await withThrowingTaskGroup(of: RatingOutcome.self) { group in
                    for (stars, tip) in [(2, 100), (5, 5_000)] {
                        group.addTask {
                            try await rate(ride, stars: stars, tipCents: tip, at: time, in: repositories)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let saved = outcomes.compactMap(\.savedStars)
                #expect(saved.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.contains(.tipAlreadyGiven), "round \(round): \(outcomes)")
                let stored = try #require(try await repositories.rideFeedback.feedback(rideID: ride.id).rating)
                #expect(stored.stars.value == saved.first)
                #expect(stored.tip?.cents == (stored.stars.value == 2 ? 100 : 5_000))
                expectedSum += stored.stars.value
            }
            let animalID = try #require(animal)
            #expect(
                try await repositories.rideFeedback.animalRating(animalID: animalID)
                    == AnimalRating(starsSum: expectedSum, count: 5))
        }
    }

    /// The live page's ★: the followed ride carries its animal's total, read with the ride state (and with the session,
    /// in the same read), never a stale or another animal's.
    @Test(arguments: RepositoryKind.allCases)
    func theFollowedRideCarriesItsAnimalsTotalInTheRideStateAndWithTheSession(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))
            try await repositories.sessions.create(tokenHash: token, userID: johnny.id, now: referenceTime)
            let first = try await finishedRide(of: johnny.id, in: repositories)
            _ = try await rate(first, stars: 4, at: finishTime(0), in: repositories)
            let animal = try #require(first.assignment?.animalID)

            let requestedAt = finishTime(0) + 60
            let second = try await repositories.rides.requestRide(newRideRequest(userID: johnny.id, at: requestedAt))
            let free = try await repositories.fleet.freeAnimals()
            let same = try #require(free.first { $0.id == animal })
            _ = try #require(try await repositories.rides.apply(.assign(second, animal: same, at: requestedAt + 1)))

            guard case .following(let followed) = try await repositories.rides.rideState(userID: johnny.id) else {
                Issue.record("the rider follows no ride")
                return
            }
            #expect(followed.assignment?.animalRating == AnimalRating(starsSum: 4, count: 1))
            let read = try #require(try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token))
            guard case .following(let withSession) = read.rideState else {
                Issue.record("the rider follows no ride, read with the session")
                return
            }
            #expect(withSession.assignment?.animalRating == AnimalRating(starsSum: 4, count: 1))
        }
    }

    // MARK: Helpers

    private struct OutcomeMismatch: Error {
        let outcome: RatingOutcome
    }

    /// When the `index`th ride of a test finishes (`finishedRide(at:)`).
    private func finishTime(_ index: Int) -> Date {
        referenceTime + Double(index) * 86_400 * 10 + 86_400
    }

    /// A ride of the rider's, requested `index` × 10 days after the reference time, given `animal` (or the first free
    /// wallaroo), and finished by `finishTime(index)`.
    private func finishedRide(
        of userID: UserID, animal: AnimalID? = nil, at index: Double = 0, in repositories: Repositories
    ) async throws -> Ride {
        let requestedAt = referenceTime + index * 86_400 * 10
        let ride = try await repositories.rides.requestRide(newRideRequest(userID: userID, at: requestedAt))
        let free = try await repositories.fleet.freeAnimals().filter { $0.rideOptionID == ride.rideOptionID }
        let chosen = try #require(free.first { animal == nil || $0.id == animal })
        let assigned = try #require(
            try await repositories.rides.apply(.assign(ride, animal: chosen, at: requestedAt + 1)))
        let finishing = try #require(RideChange.advance(assigned, to: finishTime(Int(index))))
        let finished = try #require(try await repositories.rides.apply(finishing))
        #expect(finished.status == .finished)
        return finished
    }

    /// The ride's stored rating, after checking its animal's total is `animalTotal`.
    private func storedRating(of ride: Ride, animalTotal: AnimalRating, in repositories: Repositories) async throws
        -> RideRating
    {
        let animal = try #require(ride.assignment?.animalID)
        #expect(try await repositories.rideFeedback.animalRating(animalID: animal) == animalTotal)
        return try #require(try await repositories.rideFeedback.feedback(rideID: ride.id).rating)
    }

    private func rate(
        _ ride: Ride, stars: Int, compliments: Set<Compliment> = [], tipCents: Int? = nil,
        receipt: OutgoingMail? = nil, at time: Date, in repositories: Repositories
    ) async throws -> RatingOutcome {
        let submission = RatingSubmission(
            stars: try #require(Stars(stars)), compliments: compliments, tip: tipCents.flatMap(TipAmount.init(cents:)))
        return try await repositories.rideFeedback.rate(
            rideID: ride.id, animalID: try #require(ride.assignment?.animalID), submission, at: time,
            changeableSince: time - Self.changeWindow, receipt: receipt ?? .receipt(of: ride.id))
    }
}

extension RatingOutcome {
    /// The stars saved, `nil` for a refusal.
    fileprivate var savedStars: Int? {
        if case .saved(let rating) = self { rating.stars.value } else { nil }
    }
}

import Foundation
import KooberKit
import Testing

/// What every `OpsRideRepository` promises, checked on each store: a ride read whole as staff see it; Koober's cancel
/// and a refund each in one step with its audit row (and a refund with its fresh receipt); a refused or lost act writes
/// nothing; and of two acts racing on one ride (two refunds, a cancel and the ride's own finish), exactly one wins.
struct OpsRideRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aRideIsReadWithItsRiderItsHistoryItsTipAndItsRefund(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            let ride = try await finishedRide(of: rider.id, in: repositories)
            let tip = try #require(TipAmount(cents: 500))
            _ = try await repositories.rideFeedback.rate(
                rideID: ride.id, animalID: try #require(ride.assignment?.animalID),
                RatingSubmission(stars: try #require(Stars(5)), compliments: [], tip: tip), at: finishTime + 60,
                changeableSince: finishTime, receipt: .receipt(of: ride.id))

            let seen = try #require(try await repositories.opsRides.opsRide(id: ride.id))
            #expect(seen.rider == rider)
            #expect(seen.ride == ride)
            #expect(seen.record.events.map(\.status) == [.finding, .onTheWay, .arrived, .riding, .finished])
            #expect(seen.record.events == (try await repositories.rides.events(rideID: ride.id)))
            #expect(seen.record.feedback.rating?.tip == tip)
            #expect(seen.record.feedback.refund == nil)

            let refund = RideRefund(amount: 150, refundedAt: finishTime + 120)
            try await repositories.opsRides.refund(
                rideID: ride.id, refund, receipt: .receipt(of: ride.id), audit: refundEntry(ride))
            #expect(try await repositories.opsRides.opsRide(id: ride.id)?.record.feedback.refund == refund)
            #expect(try await repositories.opsRides.opsRide(id: RideID(ride.id.rawValue + 1)) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func koobersCancelEndsALiveRideFreeOfChargeMarkedAsKoobersWithItsRowInTheSameStep(kind: RepositoryKind)
        async throws
    {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            let onTheWay = try await assignedRide(of: rider.id, in: repositories)
            let heard = try await repositories.rides.latestRideChange()
            let time = referenceTime + 5
            let audit = cancelEntry(onTheWay, at: time)

            let change = try #require(RideChange.cancelByKoober(onTheWay, at: time))
            let cancelled = try #require(try await repositories.opsRides.cancel(change, audit: audit))
            #expect(cancelled.status == .cancelled && cancelled.cancelledByKoober)
            #expect(cancelled.chargedCents == .zero)
            #expect(try await repositories.auditRows() == [audit])
            #expect(try await repositories.rides.followedRide(userID: rider.id)?.cancelledByKoober == true)
            #expect(try await repositories.rides.events(rideID: onTheWay.id).last?.status == .cancelled)
            // Streams hear of it, and its animal is free again.
            let changed = try await repositories.rides.rideChanges(after: heard, limit: 10).rides
            #expect(changed.map(\.id) == [onTheWay.id] && changed.first?.cancelledByKoober == true)
            let animal = try #require(onTheWay.assignment?.animalID)
            #expect(try await repositories.fleet.freeAnimals().contains { $0.id == animal })
            // The rider's own cancel is not Koober's.
            let other = try await repositories.users.create(newUser(email: "jane@gmail.com"))
            let own = try await repositories.rides.requestRide(newRideRequest(userID: other.id))
            let ownCancel = try await repositories.rides.apply(try #require(RideChange.cancel(own, at: time)))
            #expect(ownCancel?.status == .cancelled && ownCancel?.cancelledByKoober == false)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func koobersCancelStopsARideBeingRiddenWhichTheRiderCannotCancel(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            let assigned = try await assignedRide(of: rider.id, in: repositories)
            let timeline = try #require(assigned.timeline())
            let midway =
                timeline.departsPickup + (timeline.arrivesAtDropoff.timeIntervalSince(timeline.departsPickup)) / 2
            #expect(RideChange.cancel(assigned, at: midway) == nil, "the rider may not")
            let change = try #require(RideChange.cancelByKoober(assigned, at: midway))
            #expect(change.events.map(\.status) == [.arrived, .riding, .cancelled])
            let cancelled = try #require(
                try await repositories.opsRides.cancel(change, audit: cancelEntry(assigned, at: midway)))
            #expect(cancelled.status == .cancelled && cancelled.cancelledByKoober)
            #expect(RideChange.cancelByKoober(cancelled, at: midway + 1) == nil, "over")
            #expect(RideChange.cancelByKoober(assigned, at: timeline.arrivesAtDropoff) == nil, "finished by the clock")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aCancelWorkedOutFromAStaleRideWritesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            let stale = try #require(RideChange.cancelByKoober(ride, at: referenceTime + 1))
            // The rider cancels first.
            let own = try await repositories.rides.apply(try #require(RideChange.cancel(ride, at: referenceTime + 1)))
            #expect(own?.cancelledByKoober == false)

            #expect(try await repositories.opsRides.cancel(stale, audit: cancelEntry(ride)) == nil)
            #expect(try await repositories.auditRows().isEmpty)
            #expect(try await repositories.rides.ride(id: ride.id) == own)
        }
    }

    /// A cancel and the ride's finish, worked out from the same revision and sent at once: exactly one is stored, and
    /// the audit row is there exactly when the cancel won. Five rides, so both orders come up.
    @Test(arguments: RepositoryKind.allCases)
    func aCancelRacingTheRidesFinishHasOneWinnerAndARowOnlyIfItWon(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 8))
            var cancels = 0
            for round in 0..<5 {
                let rider = try await repositories.users.create(newUser(email: "rider\(round)@gmail.com"))
                let ride = try await assignedRide(of: rider.id, in: repositories)
                let end = try #require(ride.timeline()?.arrivesAtDropoff)
                let finishing = try #require(RideChange.advance(ride, to: end))
                let cancelling = try #require(RideChange.cancelByKoober(ride, at: end - 1))
                let audit = cancelEntry(ride, at: end - 1)
                async let finished = repositories.rides.apply(finishing)
                async let cancelled = repositories.opsRides.cancel(cancelling, audit: audit)
                let (finish, cancel) = try await (finished, cancelled)
                #expect((finish == nil) != (cancel == nil), "exactly one wins")
                let stored = try #require(try await repositories.rides.ride(id: ride.id))
                #expect(stored.status == (cancel != nil ? .cancelled : .finished))
                #expect(stored.cancelledByKoober == (cancel != nil))
                if cancel != nil { cancels += 1 }
                #expect(
                    try await repositories.auditLog.entries(
                        staff: nil, target: .ride(ride.id), before: nil, limit: 10
                    ).count == (cancel != nil ? 1 : 0))
            }
            #expect(try await repositories.auditRows().count == cancels)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRefundWritesItsRowAndQueuesAFreshReceiptInTheSameStep(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let ride = try await finishedRide(of: rider.id, in: repositories)
            let time = finishTime + 600
            let receipt = OutgoingMail.receipt(of: ride.id)
            let audit = refundEntry(ride, at: time)

            try await repositories.opsRides.refund(
                rideID: ride.id, RideRefund(amount: 150, refundedAt: time), receipt: receipt, audit: audit)
            let feedback = try await repositories.rideFeedback.feedback(rideID: ride.id)
            #expect(feedback.refund == RideRefund(amount: 150, refundedAt: time))
            #expect(feedback.totalCents(of: ride) == ride.fareCents - 150)
            #expect(try await repositories.auditRows() == [audit])
            let claimed = try await repositories.outbox.claimDue(at: time + 1, limit: 10, leaseUntil: time + 60)
            #expect(claimed.map(\.mail) == [receipt])
            #expect(claimed.first?.recipient == rider)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func refusedRefundsWriteNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let finished = try await finishedRide(of: rider.id, in: repositories)
            let other = try await repositories.users.create(newUser(email: "jane@gmail.com"))
            let live = try await repositories.rides.requestRide(newRideRequest(userID: other.id))
            let third = try await repositories.users.create(newUser(email: "kim@gmail.com"))
            let requested = try await repositories.rides.requestRide(newRideRequest(userID: third.id))
            let cancelling = try #require(RideChange.cancel(requested, at: referenceTime + 1))
            let cancelled = try #require(try await repositories.rides.apply(cancelling))
            let nowhere = RideID(cancelled.id.rawValue + 100)
            let time = finishTime + 600

            func refund(_ rideID: RideID, _ cents: Cents) async throws {
                try await repositories.opsRides.refund(
                    rideID: rideID, RideRefund(amount: cents, refundedAt: time), receipt: .receipt(of: rideID),
                    audit: auditEntry(.ride(rideID), .refunded, reason: "Late", at: time))
            }
            await #expect(throws: OpsRideRepositoryError.noSuchRide) { try await refund(nowhere, 100) }
            await #expect(throws: OpsRideRepositoryError.notFinished) { try await refund(live.id, 100) }
            await #expect(throws: OpsRideRepositoryError.notFinished) { try await refund(cancelled.id, 100) }
            await #expect(throws: OpsRideRepositoryError.overLimit(finished.fareCents)) {
                try await refund(finished.id, finished.fareCents + 1)
            }
            #expect(try await repositories.auditRows().isEmpty)
            #expect(try await repositories.rideFeedback.feedback(rideID: finished.id).refund == nil)

            try await refund(finished.id, finished.fareCents)  // all of it: the limit itself
            await #expect(throws: OpsRideRepositoryError.alreadyRefunded) { try await refund(finished.id, 1) }
            #expect(try await repositories.auditRows().count == 1)
            #expect(
                try await repositories.rideFeedback.feedback(rideID: finished.id).refund
                    == RideRefund(amount: finished.fareCents, refundedAt: time))
            let claimed = try await repositories.outbox.claimDue(at: time + 1, limit: 10, leaseUntil: time + 60)
            #expect(claimed.count == 1, "one receipt, for the refund stored")
        }
    }

    /// Two refunds of one ride sent at once (several rounds): one is stored with its row, the other is refused and
    /// writes nothing.
    @Test(arguments: RepositoryKind.allCases)
    func twoRefundsAtOnceOneWinsTheOtherWritesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let rider = try await repositories.users.create(newUser())
            let ride = try await finishedRide(of: rider.id, in: repositories)
            let time = finishTime + 600
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for attempt in 1...4 {
                    group.addTask {
                        do {
                            try await repositories.opsRides.refund(
                                rideID: ride.id, RideRefund(amount: Cents(attempt * 100), refundedAt: time),
                                receipt: .receipt(of: ride.id),
                                audit: auditEntry(.ride(ride.id), .refunded, reason: "try \(attempt)", at: time))
                            return true
                        } catch OpsRideRepositoryError.alreadyRefunded {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
            let rows = try await repositories.auditRows()
            let refund = try #require(try await repositories.rideFeedback.feedback(rideID: ride.id).refund)
            #expect(rows.count == 1)
            #expect(rows.first?.reason == "try \(refund.amount.value / 100)", "the row is the stored refund's")
        }
    }

    // MARK: Helpers

    private let finishTime = referenceTime + 86_400

    private func cancelEntry(_ ride: Ride, at time: Date = referenceTime) -> AuditEntry {
        auditEntry(.ride(ride.id), .cancelledRide, by: staffMember(role: .fleet), reason: "Animal unwell", at: time)
    }

    private func refundEntry(_ ride: Ride, at time: Date = referenceTime) -> AuditEntry {
        auditEntry(.ride(ride.id), .refunded, reason: "Took the long way", at: time)
    }

    /// A ride of the rider's given the first free wallaroo a second after it was requested: on its way.
    private func assignedRide(of userID: UserID, in repositories: Repositories) async throws -> Ride {
        let ride = try await repositories.rides.requestRide(newRideRequest(userID: userID))
        let free = try await repositories.fleet.freeAnimals().filter { $0.rideOptionID == ride.rideOptionID }
        let animal = try #require(free.first)
        return try #require(try await repositories.rides.apply(.assign(ride, animal: animal, at: referenceTime + 1)))
    }

    /// A ride of the rider's, finished by `finishTime`.
    private func finishedRide(of userID: UserID, in repositories: Repositories) async throws -> Ride {
        let assigned = try await assignedRide(of: userID, in: repositories)
        let finishing = try #require(RideChange.advance(assigned, to: finishTime))
        let finished = try #require(try await repositories.rides.apply(finishing))
        #expect(finished.status == .finished)
        return finished
    }
}

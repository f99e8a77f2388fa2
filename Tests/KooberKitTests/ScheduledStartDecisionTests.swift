import Foundation
import KooberKit
import Testing

/// The one rule every store applies when a booking's start comes (`ScheduledStartDecision`): it starts as the ride
/// it was booked as unless its rider has a ride in progress; behind one it waits until its miss time, exactly, and is
/// missed from then on. At real time and at `--ride-clock-rate 60`.
struct ScheduledStartDecisionTests {
    let pickupAt = Date(timeIntervalSince1970: 1_800_000_000)

    private func booking(rate: Double) -> ScheduledRide {
        ScheduledRide(
            id: ScheduledRideID(7), userID: UserID(3), pickup: sydneyPickup, dropoff: TestPlaces.operaHouse,
            rideOptionID: "wallaroo", fareCents: 474, pickupAt: pickupAt, bookedAt: pickupAt - 86_400,
            clockRate: rate, status: .upcoming)
    }

    @Test(arguments: [1.0, 60.0])
    func withNoRideInProgressItStartsAsTheRideBookedRequestedThen(rate: Double) {
        let booking = booking(rate: rate)
        let startAt = pickupAt - 10 * 60 / rate
        let decision = ScheduledStartDecision(booking, riderHasRideInProgress: false, at: startAt)
        #expect(
            decision
                == .start(
                    NewRideRequest(
                        userID: UserID(3), pickup: sydneyPickup, dropoffID: TestPlaces.operaHouse.id,
                        rideOptionID: "wallaroo", fareCents: 474, requestedAt: startAt, clockRate: rate)))
        #expect(decision.mail(about: booking.id)?.kind == .scheduledRideStarting)
        #expect(decision.mail(about: booking.id)?.subject == .scheduledRide(booking.id))
    }

    @Test(arguments: [1.0, 60.0])
    func behindARideInProgressItWaitsUntilItsMissTimeAndIsMissedFromThen(rate: Double) {
        let booking = booking(rate: rate)
        let missAt = pickupAt - 10 * 60 / rate + 30 * 60 / rate
        #expect(booking.missAt == missAt)
        #expect(ScheduledStartDecision(booking, riderHasRideInProgress: true, at: missAt - 0.001) == .wait)
        #expect(ScheduledStartDecision(booking, riderHasRideInProgress: true, at: missAt) == .miss)
        #expect(ScheduledStartDecision(booking, riderHasRideInProgress: true, at: missAt + 3_600) == .miss)
        #expect(ScheduledStartDecision.wait.mail(about: booking.id) == nil)
        #expect(ScheduledStartDecision.miss.mail(about: booking.id)?.kind == .scheduledRideMissed)
    }

    /// A start late (the dispatcher asleep past the miss time) with the rider free still starts: the miss is only
    /// for a rider who was riding.
    @Test func aLateStartWithTheRiderFreeStillStarts() {
        let booking = booking(rate: 1)
        let late = booking.missAt + 60
        guard case .start(let request) = ScheduledStartDecision(booking, riderHasRideInProgress: false, at: late)
        else {
            Issue.record("not started")
            return
        }
        #expect(request.requestedAt == late)
    }
}

import Foundation
import KooberKit
import Testing

/// Money as whole cents (`Cents`): what a fare, a tip and a total are, and what refunds will add and compare.
struct CentsTests {
    @Test func amountsAddAndCompareAsTheirCents() {
        let fare: Cents = 1_234
        let tip = Cents(250)
        #expect(fare + tip == Cents(1_484))
        #expect((fare + tip).value == 1_484)
        #expect(tip < fare && !(fare < tip))
        #expect([fare, tip, .zero].max() == fare)
        #expect(Cents.zero.value == 0)
        #expect(fare + .zero == fare)
        var total = Cents.zero
        total += fare
        total += tip
        #expect(total == 1_484)
    }

    @Test func aSumBeyondIntsRangeStaysAtItsBoundInsteadOfTrapping() {
        #expect(Cents(.max) + 1 == Cents(.max))
        #expect(Cents(.max) + Cents(.max) == Cents(.max))
        #expect(Cents(.min) + Cents(-1) == Cents(.min))
        #expect(Cents(.max) + Cents(.min) == Cents(-1))
    }

    @Test func aTipIsItsCentsWithinItsRange() {
        #expect(TipAmount(cents: 250)?.cents == Cents(250))
        #expect(TipAmount.centsRange == Cents(50)...Cents(5_000))
        #expect(TipAmount(cents: .max) == nil && TipAmount(cents: .min) == nil)
    }

    @Test func aRideChargesItsFareUnlessCancelledAndItsTotalAddsTheTip() throws {
        let ride = Ride(
            id: RideID(1), userID: UserID(1), pickup: Location(latitude: -33.86, longitude: 151.21),
            dropoff: NamedLocation(
                id: PlaceID(1), name: "Opera House", location: Location(latitude: -33.85, longitude: 151.21)),
            rideOptionID: "wallaroo", fareCents: 1_234, requestedAt: .distantPast, status: .finished)
        #expect(ride.chargedCents == 1_234)
        let tip = try #require(TipAmount(cents: 500))
        let rating = RideRating(stars: try #require(Stars(5)), compliments: [], tip: tip, firstRatedAt: .distantPast)
        #expect(RideFeedback(rating: rating).totalCents(of: ride) == 1_734)
        #expect(RideFeedback().totalCents(of: ride) == 1_234)
        let cancelled = Ride(
            id: ride.id, userID: ride.userID, pickup: ride.pickup, dropoff: ride.dropoff, rideOptionID: "wallaroo",
            fareCents: 1_234, requestedAt: .distantPast, status: .cancelled)
        #expect(cancelled.chargedCents == .zero)
    }

    @Test func itsDescriptionIsItsCentsWithoutACurrency() {
        #expect(Cents(1_234).description == "1234 cents")
    }
}

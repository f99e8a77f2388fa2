import KooberKit
import Testing

/// Recent from the rider's newest rides: the walk answers only for the places it can vouch for, and otherwise leaves
/// it to the per-place query.
struct RecentDropoffWalkTests {
    private let places = SydneyPlaces.all

    private func walk(_ rides: [(place: Int, at: Int64)]) -> [RecentDropoffWalk.Ride] {
        rides.map { RecentDropoffWalk.Ride(dropoffID: places[$0.place].id, requestedAtSeconds: $0.at) }
    }

    @Test func aShortWalkHasReadTheWholeHistory() {
        let rides = walk([(0, 100), (1, 90), (0, 80), (2, 70)])
        #expect(RecentDropoffWalk.recent(from: rides, limit: 5) == [PlaceID(1), PlaceID(2), PlaceID(3)])
        #expect(RecentDropoffWalk.recent(from: [], limit: 5)?.isEmpty == true)
    }

    @Test func placesWhoseLatestRidesShareASecondAreInIdOrderLargestFirst() {
        let rides = walk([(0, 100), (4, 100), (2, 90)])
        #expect(RecentDropoffWalk.recent(from: rides, limit: 2) == [PlaceID(5), PlaceID(1)])
    }

    @Test func aFullWalkAnswersWhenItsPlacesAreNewerThanItsOldestRide() {
        let limit = RecentDropoffWalk.ridesLimit
        let rides = walk((0..<limit).map { (place: $0 % 6, at: Int64(1_000 - $0)) })
        #expect(
            RecentDropoffWalk.recent(from: rides, limit: 5) == [1, 2, 3, 4, 5].map { PlaceID($0) })
    }

    @Test func aFullWalkWithTooFewPlacesOrATieAtItsEndLeavesItToThePerPlaceQuery() {
        let limit = RecentDropoffWalk.ridesLimit
        let onePlace = walk((0..<limit).map { (place: 0, at: Int64(1_000 - $0)) })
        #expect(RecentDropoffWalk.recent(from: onePlace, limit: 5) == nil)
        // The fifth place's latest ride shares its second with the oldest walked: a ride beyond may tie with it.
        var tied = (0..<limit - 1).map { (place: $0 % 4, at: Int64(1_000 - $0)) }
        tied.append((place: 9, at: Int64(1_000 - limit + 2)))
        #expect(RecentDropoffWalk.recent(from: walk(tied), limit: 5) == nil)
        #expect(RecentDropoffWalk.recent(from: walk(tied), limit: 4)?.count == 4)
    }

    @Test func noPlacesAreAskedForNone() {
        #expect(RecentDropoffWalk.recent(from: walk([(0, 1)]), limit: 0)?.isEmpty == true)
    }
}

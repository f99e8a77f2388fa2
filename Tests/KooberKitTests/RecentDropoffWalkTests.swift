import KooberKit
import TestKit
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

    /// How many of `rides` a walk for `limit` places reads before it wants no more.
    private func ridesRead(_ rides: [RecentDropoffWalk.Ride], limit: Int) -> Int {
        var walk = RecentDropoffWalk(limit: limit)
        var read = 0
        for ride in rides where walk.wantsMore {
            walk.visit(ride)
            read += 1
        }
        return read
    }

    @Test func theWalkStopsAtTheFirstRideOlderThanItsFifthPlace() {
        let rides = walk((0..<RecentDropoffWalk.ridesLimit).map { (place: $0 % 6, at: Int64(1_000 - $0)) })
        #expect(ridesRead(rides, limit: 5) == 6)
        #expect(ridesRead(rides, limit: 2) == 3)
        #expect(ridesRead(rides, limit: 0) == 0)
        // A ride in the fifth place's second may be a sixth place that comes first (a larger id): the walk goes on.
        let tied = walk([(0, 100), (1, 99), (2, 98), (3, 97), (4, 96), (0, 96), (9, 96), (5, 95), (6, 94)])
        #expect(ridesRead(tied, limit: 5) == 8)
        #expect(RecentDropoffWalk.recent(from: tied, limit: 5) == [1, 2, 3, 4, 10].map { PlaceID($0) })
        // One place again and again: the walk reads its limit and leaves Recent to the per-place query.
        let onePlace = walk((0..<30).map { (place: 0, at: Int64(1_000 - $0)) })
        #expect(ridesRead(onePlace, limit: 5) == RecentDropoffWalk.ridesLimit)
    }

    /// Whatever the history (few places, many rides in one second), what the walk answers is what every ride says, and
    /// it leaves Recent to the per-place query only after a full walk.
    @Test func theWalksAnswerIsTheWholeHistorysWhenItGivesOne() {
        var generator = SeededGenerator(seed: 33)
        for _ in 0..<2_000 {
            let placeCount = Int.random(in: 1...8, using: &generator)
            var at = Int64(10_000)
            let history = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                at -= Int64.random(in: 0...2, using: &generator)
                return (place: Int.random(in: 0..<placeCount, using: &generator), at: at)
            }
            let rides = walk(history)
            let limit = Int.random(in: 0...6, using: &generator)
            var latest: [PlaceID: Int64] = [:]
            for ride in rides where latest[ride.dropoffID] == nil { latest[ride.dropoffID] = ride.requestedAtSeconds }
            let expected = latest.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue > $1.key.rawValue
            }
            .prefix(limit).map(\.key)
            if let answer = RecentDropoffWalk.recent(from: rides, limit: limit) {
                #expect(answer == expected, "\(history), limit \(limit)")
            } else {
                #expect(ridesRead(rides, limit: limit) == RecentDropoffWalk.ridesLimit, "\(history), limit \(limit)")
            }
        }
    }
}

import KooberKit
import Testing

/// `Location.kilometres(to:)` against distances worked out independently: the haversine formula with R = 6371 km in
/// python3's `math` module (`2 * 6371 * asin(sqrt(sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2)))`), to within a metre.
struct LocationDistanceTests {
    static let oneMetre = 0.001

    static let operaHouse = Location(latitude: -33.858667, longitude: 151.214028)
    static let sydneyAirport = Location(latitude: -33.939900, longitude: 151.175300)
    static let manlyBeach = Location(latitude: -33.797200, longitude: 151.288700)

    @Test func fromThePickUpToTheOperaHouseIsAbout772Metres() {
        // python3: 0.7724277538394292
        #expect(abs(sydneyPickup.kilometres(to: Self.operaHouse) - 0.7724277538394292) < Self.oneMetre)
    }

    @Test func fromThePickUpToSydneyAirportIsAbout8point97Kilometres() {
        // python3: 8.96710055521003
        #expect(abs(sydneyPickup.kilometres(to: Self.sydneyAirport) - 8.96710055521003) < Self.oneMetre)
    }

    @Test func fromThePickUpToManlyBeachIsAbout10point47Kilometres() {
        // python3: 10.472783537269635
        #expect(abs(sydneyPickup.kilometres(to: Self.manlyBeach) - 10.472783537269635) < Self.oneMetre)
    }

    @Test(arguments: [operaHouse, sydneyAirport, manlyBeach])
    func theDistanceIsTheSameInBothDirections(place: Location) {
        #expect(abs(sydneyPickup.kilometres(to: place) - place.kilometres(to: sydneyPickup)) < 1e-9)
    }

    @Test(arguments: [
        sydneyPickup, operaHouse, Location(latitude: 0, longitude: 0), Location(latitude: 89.9, longitude: -179.9),
    ])
    func aPlaceIsNoDistanceFromItself(place: Location) {
        #expect(place.kilometres(to: place) == 0)
    }

    @Test func theEarthsRadiusIsTheMean6371Kilometres() {
        #expect(Location.earthRadiusKilometres == 6371)
        // Half-way round the equator: π R.
        let halfWay = Location(latitude: 0, longitude: 0).kilometres(to: Location(latitude: 0, longitude: 180))
        #expect(abs(halfWay - Double.pi * 6371) < Self.oneMetre)
    }
}

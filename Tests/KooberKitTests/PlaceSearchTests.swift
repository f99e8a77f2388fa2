import KooberKit
import KooberKitTestDoubles
import Testing

/// The drop-off picker's search (SPEC.md, Drop-off picker), from the Sydney pick-up.
struct PlaceSearchTests {
    private func names(_ query: String, in places: [NamedLocation] = TestPlaces.all) -> [String] {
        PlaceSearch.results(for: query, in: places, near: sydneyPickup).map(\.name)
    }

    /// `TestPlaces.all`, nearest to the pick-up first (distances in `TestPlaces`).
    static let allNearestFirst = [
        "Café Sydney", "MOMA", "Apple Store", "100 George Street", "Opera House", "Sydney Airport", "Manly Beach",
    ]

    @Test(arguments: ["cafe", "CAFE", "café", "CAFÉ", "Café", "cAfÉ", "Cafe\u{301}"])
    func searchIgnoresCaseAndAccentsInWhatIsTyped(query: String) {
        #expect(names(query) == ["Café Sydney"])
    }

    @Test func anAccentTypedFindsANameWithout() {
        #expect(names("ÓPÉRA") == ["Opera House"])
    }

    @Test func aNameWrittenWithACombiningAccentIsFoundToo() {
        let decomposed = NamedLocation(id: PlaceID(1), name: "Cafe\u{301} Hernandez", location: sydneyPickup)
        #expect(names("cafe hernandez", in: [decomposed]) == ["Cafe\u{301} Hernandez"])
    }

    @Test func everyWordTypedMustAppearInTheName() {
        #expect(names("sydney cafe") == ["Café Sydney"])
        #expect(names("cafe melbourne").isEmpty)
        #expect(names("opera bridge").isEmpty)
    }

    @Test func aWordMayMatchPartOfAWord() {
        #expect(names("ope hou") == ["Opera House"])
        #expect(names("street") == ["100 George Street"])
    }

    @Test func namesStartingWithTheSearchComeFirstEvenWhenFartherAway() {
        // Sydney Airport (8.97 km) starts with "sydney"; Café Sydney (0.36 km) only contains it.
        #expect(names("sydney") == ["Sydney Airport", "Café Sydney"])
    }

    @Test func eachGroupIsOrderedNearestFirst() {
        let places = [
            NamedLocation(id: PlaceID(1), name: "Sydney Airport", location: TestPlaces.sydneyAirport.location),
            NamedLocation(
                id: PlaceID(2), name: "Sydney Tower Eye", location: Location(latitude: -33.8705, longitude: 151.2089)),
            NamedLocation(id: PlaceID(3), name: "Manly Sydney Ferry", location: TestPlaces.manlyBeach.location),
            NamedLocation(id: PlaceID(4), name: "Café Sydney", location: TestPlaces.cafeSydney.location),
            NamedLocation(id: PlaceID(5), name: "Opera House", location: TestPlaces.operaHouse.location),
        ]
        #expect(
            names("Sydney", in: places) == ["Sydney Tower Eye", "Sydney Airport", "Café Sydney", "Manly Sydney Ferry"])
    }

    @Test func theWholeSearchMustStartTheNameNotJustItsFirstWord() {
        // Both names hold both words; the one that starts with the words in the order typed comes first.
        let places = [
            NamedLocation(id: PlaceID(1), name: "Sydney Café Bar", location: TestPlaces.manlyBeach.location),
            NamedLocation(id: PlaceID(2), name: "Café Sydney", location: TestPlaces.cafeSydney.location),
        ]
        #expect(names("SYDNEY CAFE", in: places) == ["Sydney Café Bar", "Café Sydney"])
        #expect(names("cafe sydney", in: places) == ["Café Sydney", "Sydney Café Bar"])
    }

    @Test func extraSpacesInTheSearchDoNotStopANameFromStartingWithIt() {
        let places = [
            NamedLocation(id: PlaceID(1), name: "Opera House", location: TestPlaces.manlyBeach.location),
            NamedLocation(id: PlaceID(2), name: "The Opera House Bar", location: sydneyPickup),
        ]
        #expect(names("  opera    house ", in: places) == ["Opera House", "The Opera House Bar"])
    }

    @Test func anEmptySearchListsEveryPlaceNearestFirst() {
        #expect(names("") == Self.allNearestFirst)
    }

    @Test(arguments: [" ", "   ", "\t", " \n  "])
    func aSearchOfOnlySpacesListsEveryPlaceNearestFirst(query: String) {
        #expect(names(query) == Self.allNearestFirst)
    }

    @Test func aSearchNothingMatchesFindsNothing() {
        #expect(names("Melbourne").isEmpty)
        #expect(names("xyz").isEmpty)
    }

    @Test func noPlacesMeansNoResults() {
        #expect(names("", in: []).isEmpty)
    }

    @Test func placesAtTheSameDistanceAreOrderedByName() {
        let spot = TestPlaces.operaHouse.location
        let places = ["Zoo Bar", "Aquarium Bar", "Museum Bar"].enumerated().map { index, name in
            NamedLocation(id: PlaceID(Int64(index + 1)), name: name, location: spot)
        }
        #expect(names("", in: places) == ["Aquarium Bar", "Museum Bar", "Zoo Bar"])
        #expect(names("bar", in: places) == ["Aquarium Bar", "Museum Bar", "Zoo Bar"])
    }

    @Test func namesStartingWithTheSearchAtTheSameDistanceAreOrderedByName() {
        let spot = TestPlaces.operaHouse.location
        let places = [
            NamedLocation(id: PlaceID(1), name: "Opera Café", location: spot),
            NamedLocation(id: PlaceID(2), name: "Opera Bar", location: spot),
            NamedLocation(id: PlaceID(3), name: "The Opera Shop", location: sydneyPickup),
        ]
        #expect(names("opera", in: places) == ["Opera Bar", "Opera Café", "The Opera Shop"])
    }

    @Test func theResultsAreThePlacesThemselvesWithTheirIDsAndLocations() {
        #expect(PlaceSearch.results(for: "opera", in: TestPlaces.all, near: sydneyPickup) == [TestPlaces.operaHouse])
    }
}

struct SearchDropoffLocationsUseCaseTests {
    @Test func searchesThePlacesInStorageNearestToTheGivenPickUpFirst() async throws {
        let world = RideWorld()
        let fromManly = try await SearchDropoffLocationsUseCase(
            query: "", pickupLocation: TestPlaces.manlyBeach.location, placeRepository: world.places
        ).run()
        #expect(fromManly.first == TestPlaces.manlyBeach)
        #expect(fromManly.count == TestPlaces.all.count)

        let fromSydney = try await SearchDropoffLocationsUseCase(
            query: "", pickupLocation: sydneyPickup, placeRepository: world.places
        ).run()
        #expect(fromSydney.map(\.name) == PlaceSearchTests.allNearestFirst)
    }

    @Test func keepsOnlyThePlacesMatchingTheQuery() async throws {
        let world = RideWorld()
        let results = try await SearchDropoffLocationsUseCase(
            query: "CAFÉ", pickupLocation: sydneyPickup, placeRepository: world.places
        ).run()
        #expect(results == [TestPlaces.cafeSydney])
    }

    @Test func aSearchOverOneHundredCharactersIsAFieldErrorAndSearchesNothing() async throws {
        let failing = SearchDropoffLocationsUseCase(
            query: String(repeating: "kangaroo ", count: 7_000), pickupLocation: sydneyPickup,
            placeRepository: FailingPlaceRepository()  // never asked
        )
        let error = try #require(
            try await outcome(SearchDropoffLocationsError.self) { try await failing.run() }.failure)
        #expect(error == .queryTooLong(.search))

        let longest = try await SearchDropoffLocationsUseCase(
            query: String(repeating: "é", count: 100), pickupLocation: sydneyPickup,
            placeRepository: RideWorld().places
        ).run()
        #expect(longest.isEmpty)
    }
}

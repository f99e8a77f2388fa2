import KooberKit
import Testing

/// The ride options and their fare rules (SPEC.md, Data): base + per-km × distance, rounded to the cent, half away
/// from zero.
struct RideOptionFareTests {
    @Test func wallabeeCarriesTwoRidersForTwoFiftyPlusOneTwentyPerKilometre() {
        let option = RideOption.wallabee
        #expect(option.id == "wallabee")
        #expect(option.name == "Wallabee")
        #expect(option.riders == 2)
        #expect(option.baseFareCents == 250)
        #expect(option.centsPerKilometre == 120)
    }

    @Test func wallarooCarriesFourRidersForThreeFiftyPlusOneSixtyPerKilometre() {
        let option = RideOption.wallaroo
        #expect(option.id == "wallaroo")
        #expect(option.name == "Wallaroo")
        #expect(option.riders == 4)
        #expect(option.baseFareCents == 350)
        #expect(option.centsPerKilometre == 160)
    }

    @Test func kangarooCarriesSixRidersForFivePlusTwoFortyPerKilometre() {
        let option = RideOption.kangaroo
        #expect(option.id == "kangaroo")
        #expect(option.name == "Kangaroo")
        #expect(option.riders == 6)
        #expect(option.baseFareCents == 500)
        #expect(option.centsPerKilometre == 240)
    }

    @Test func optionsAreListedSmallestAndCheapestFirst() {
        #expect(RideOption.all.map(\.name) == ["Wallabee", "Wallaroo", "Kangaroo"])
        #expect(RideOption.all.map(\.riders) == [2, 4, 6])
    }

    @Test func anOptionIsFoundByItsID() {
        #expect(RideOption.withID("wallabee") == .wallabee)
        #expect(RideOption.withID("wallaroo") == .wallaroo)
        #expect(RideOption.withID("kangaroo") == .kangaroo)
    }

    @Test(arguments: ["", "Wallaroo", "WALLAROO", " wallaroo", "wallaroo ", "koala", "1"])
    func anIDThatIsNotExactlyAnOptionsFindsNothing(id: String) {
        #expect(RideOption.withID(id) == nil)
    }

    @Test func aTripOfNoDistanceCostsTheBaseFare() {
        #expect(RideOption.all.map { $0.fareCents(forKilometres: 0) } == [250, 350, 500])
    }

    @Test func aWholeNumberOfKilometresCostsBasePlusThatManyPerKilometreRates() {
        // 10 km: 250 + 1200, 350 + 1600, 500 + 2400.
        #expect(RideOption.all.map { $0.fareCents(forKilometres: 10) } == [1450, 1950, 2900])
    }

    /// Distances (python3 haversine) and fares worked by hand: Opera House 0.7724277538 km → 342.69 / 473.59 /
    /// 685.38 cents; Sydney Airport 8.9671005552 km → 1326.05 / 1784.74 / 2652.10; Manly Beach 10.4727835373 km →
    /// 1506.73 / 2025.65 / 3013.47.
    @Test(arguments: [
        (0.7724277538394292, [343, 474, 685]),
        (8.96710055521003, [1326, 1785, 2652]),
        (10.472783537269635, [1507, 2026, 3013]),
    ])
    func faresForSydneyTripsAreRoundedToTheNearestCent(kilometres: Double, expected: [Int]) {
        #expect(RideOption.all.map { $0.fareCents(forKilometres: kilometres) } == expected.map { Cents($0) })
    }

    // Distances exact in binary, so the half cent is really a half: rounding half to even would go the other way
    // in the first three.
    @Test func aWallabeeFareOfExactlyHalfACentRoundsUp() {
        // 250 + 120 × 0.1875 = 272.5
        #expect(RideOption.wallabee.fareCents(forKilometres: 0.1875) == 273)
    }

    @Test func aWallarooFareOfExactlyHalfACentRoundsUp() {
        // 350 + 160 × 0.015625 = 352.5
        #expect(RideOption.wallaroo.fareCents(forKilometres: 0.015625) == 353)
    }

    @Test func aKangarooFareOfExactlyHalfACentRoundsUp() {
        // 500 + 240 × 0.09375 = 522.5
        #expect(RideOption.kangaroo.fareCents(forKilometres: 0.09375) == 523)
    }

    @Test func anOddHalfCentRoundsUpToo() {
        // 250 + 120 × 0.0625 = 257.5 (to even would also give 258; truncation would give 257)
        #expect(RideOption.wallabee.fareCents(forKilometres: 0.0625) == 258)
    }

    @Test func justUnderHalfACentRoundsDown() {
        // 250 + 120 × 0.1874 = 272.488
        #expect(RideOption.wallabee.fareCents(forKilometres: 0.1874) == 272)
    }
}

import Foundation
import KooberKit
import Testing

/// The fare estimates Pick Me Up shows for each ride option.
struct RideQuoteTests {
    @Test func listsWallabeeWallarooAndKangarooInThatOrder() {
        let quotes = RideQuote.all(from: sydneyPickup, to: TestPlaces.operaHouse)

        #expect(quotes.map(\.option) == [.wallabee, .wallaroo, .kangaroo])
    }

    @Test func eachOptionIsQuotedForTheTripToTheOperaHouse() {
        // 0.7724277538 km (python3 haversine): 250 + 92.69, 350 + 123.59, 500 + 185.38 cents.
        let quotes = RideQuote.all(from: sydneyPickup, to: TestPlaces.operaHouse)

        #expect(
            quotes == [
                RideQuote(option: .wallabee, fareCents: 343),
                RideQuote(option: .wallaroo, fareCents: 474),
                RideQuote(option: .kangaroo, fareCents: 685),
            ])
    }

    @Test func eachOptionIsQuotedForTheTripToTheAirport() {
        // 8.9671005552 km: 250 + 1076.05, 350 + 1434.74, 500 + 2152.10 cents.
        let quotes = RideQuote.all(from: sydneyPickup, to: TestPlaces.sydneyAirport)

        #expect(quotes.map(\.fareCents) == [1326, 1785, 2652])
    }

    @Test func theQuoteDependsOnWhereThePickUpIs() {
        let fromTheAirport = RideQuote.all(from: TestPlaces.sydneyAirport.location, to: TestPlaces.sydneyAirport)

        #expect(fromTheAirport.map(\.fareCents) == [250, 350, 500])
    }
}

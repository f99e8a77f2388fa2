import Foundation
import KooberKit
import Testing

@Suite struct RideHistoryCursorTests {
    static let ride = Ride(
        id: RideID(42), userID: UserID(1), pickup: Location(latitude: -33.86, longitude: 151.21),
        dropoff: NamedLocation(
            id: PlaceID(1), name: "Opera House", location: Location(latitude: -33.86, longitude: 151.21)),
        rideOptionID: "wallaroo", fareCents: 474, requestedAt: Date(timeIntervalSince1970: 1_700_000_000.9),
        status: .finished)

    @Test func aCursorIsOpaqueAndReadsBackAsItself() throws {
        let cursor = RideHistoryCursor(after: Self.ride)
        #expect(cursor.requestedAtSeconds == 1_700_000_000 && cursor.rideID == RideID(42))
        #expect(cursor.text.count == 22)
        #expect(!cursor.text.contains("42") && !cursor.text.contains("1700000000"))
        #expect(RideHistoryCursor(text: cursor.text) == cursor)
    }

    @Test(arguments: [
        "", "abc", "AAAAAAAAAAAAAAAAAAAAAA",  // id 0
        "AAAAAAAAAAAAAAAAAAAAAAA",  // too long
        "gAAAAAAAAAAAAAAAAAAAAQ",  // a negative time
        "AAAAAAAAAAAAAAAAAAAAAQ==", "AAAAAAAAAAAAAAAAAAAAA+", "AAAAAAAAAAAAAAAAAAAAA/", "AAAAAAAAAAAAAAAAAAAAA%",
        "AAAAAAAAAAAAAAAAAAAAAR",  // the last character's spare bits set: not how Koober writes it
        String(repeating: "A", count: 10_000), "ÀAAAAAAAAAAAAAAAAAAAAQ",
    ])
    func forgedCursorsAreRefused(text: String) {
        #expect(RideHistoryCursor(text: text) == nil, "\(text.prefix(30))")
    }

    @Test func theLargestValuesStillRoundTrip() throws {
        let text = try #require(RideHistoryCursor(text: "f_________9__________w"))
        #expect(text.requestedAtSeconds == Int64.max && text.rideID == RideID(Int64.max))
    }
}

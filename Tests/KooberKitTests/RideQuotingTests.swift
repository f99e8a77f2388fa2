import Foundation
import Testing

@testable import KooberKit

/// Confirm's and Schedule's one quoting step (`RideQuote.quoting`): the pick-up, then the drop-off, then the option,
/// each refusal in the caller's own error, and the fare `RideQuote.all` shows for the option.
struct RideQuotingTests {
    private func quote<Refusal: RideQuoteRefusal>(
        _ optionID: String?, from pickup: Location = sydneyPickup, _ refusal: Refusal.Type,
        dropoff: @escaping () async throws -> NamedLocation = { TestPlaces.operaHouse }
    ) async throws -> (dropoff: NamedLocation, quote: RideQuote) {
        try await RideQuote.quoting(optionID: optionID, from: pickup, to: dropoff, refusedAs: refusal)
    }

    @Test func theOptionNamedIsQuotedAsPickMeUpShowsIt() async throws {
        let quoted = try await quote("wallaroo", RequestRideError.self)
        #expect(quoted.dropoff == TestPlaces.operaHouse)
        #expect(quoted.quote == RideQuote.all(from: sydneyPickup, to: TestPlaces.operaHouse)[1])
        #expect(quoted.quote == RideQuote(option: .wallaroo, fareCents: 474))
    }

    @Test func refusalsComeInTheCallersErrorPickupFirstThenTheDropoffThenTheOption() async throws {
        let melbourne = Location(latitude: -37.8136, longitude: 144.9631)
        let noDropoff: () async throws -> NamedLocation = { throw RequestRideError.noDropoffChosen }
        await #expect(throws: RequestRideError.pickupOutsideSydney) {
            try await quote(nil, from: melbourne, RequestRideError.self, dropoff: noDropoff)
        }
        await #expect(throws: BookScheduledRideError.pickupOutsideSydney) {
            try await quote(nil, from: melbourne, BookScheduledRideError.self)
        }
        await #expect(throws: RequestRideError.noDropoffChosen) {
            try await quote(nil, RequestRideError.self, dropoff: noDropoff)
        }
        await #expect(throws: BookScheduledRideError.noRideOptionChosen) {
            try await quote("", BookScheduledRideError.self)
        }
        await #expect(throws: RequestRideError.unknownRideOption) { try await quote("wombat", RequestRideError.self) }
    }
}

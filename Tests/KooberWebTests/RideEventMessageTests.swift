import Foundation
import KooberKit
import NIOCore
import Testing

@testable import KooberWeb

/// The stream's event as bytes: one `data:` line of JSON that any JSON reader reads back, whatever a place is called.
struct RideEventMessageTests {
    private func ride(dropoffNamed name: String) -> Ride {
        Ride(
            id: RideID(42), userID: UserID(1), pickup: Location(latitude: -33.864308, longitude: 151.209146),
            dropoff: NamedLocation(id: PlaceID(1), name: name, location: Location(latitude: -33.86, longitude: 151.21)),
            rideOptionID: "wallaroo", fareCents: 474, requestedAt: Date(timeIntervalSince1970: 1_700_000_000),
            status: .riding
        )
    }

    @Test(arguments: ["Opera House", #"Bar "Quoted" \ Back\slash"#, "Line\nbreak\u{2028}and\u{1B}escape", "Café ☕️"])
    func theDataLineIsJSONWithEveryKeyAndTheHeadlineIntact(name: String) throws {
        let progress = RideProgress(
            status: .riding, position: Location(latitude: -33.8612345678, longitude: 151.2), etaSeconds: 359.2)
        let bytes = RideEventMessage(progress, ride: ride(dropoffNamed: name), try Words.project()).bytes(
            id: RideEventID(rideID: RideID(42), status: .riding, sequence: 3))
        let text = String(buffer: bytes)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines[0] == "id: 42.3.3" && lines[1] == "event: ride" && text.hasSuffix("\n\n"))
        let data = try #require(lines[2].hasPrefix("data: ") ? lines[2].dropFirst(6) : nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "riding")
        #expect(object["headline"] as? String == "On the way to \(name)")
        #expect(object["eta_seconds"] as? Int == 360)
        #expect(object["eta"] as? String == "Arriving in 6 min")
        let position = try #require(object["position"] as? [String: Double])
        #expect(position == ["latitude": -33.8612345678, "longitude": 151.2])
    }

    @Test func whatDoesNotApplyIsNull() throws {
        let bytes = RideEventMessage(
            RideProgress(status: .finding), ride: ride(dropoffNamed: "MOMA"), try Words.project()
        ).bytes(
            id: RideEventID(rideID: RideID(42), status: .finding, sequence: 0))
        #expect(
            String(buffer: bytes).contains(
                #"data: {"eta":null,"eta_seconds":null,"headline":"Finding your Wallaroo…","position":null,"status":"finding"}"#
            ))
    }

    /// A ride Koober Ops cancelled says so in the stream, as on the page (SPEC.md, "Koober Ops", **Rides**).
    @Test func aRideKooberCancelledSaysSo() throws {
        let stored = ride(dropoffNamed: "MOMA")
        let cancelled = Ride(
            id: stored.id, userID: stored.userID, pickup: stored.pickup, dropoff: stored.dropoff,
            rideOptionID: stored.rideOptionID, fareCents: stored.fareCents, requestedAt: stored.requestedAt,
            status: .cancelled, cancelledByKoober: true)
        let bytes = RideEventMessage(RideProgress(status: .cancelled), ride: cancelled, try Words.project()).bytes(
            id: RideEventID(rideID: RideID(42), status: .cancelled, sequence: 0))
        #expect(String(buffer: bytes).contains(#""headline":"Koober cancelled this ride""#))
        let byRider = RideEventMessage(RideProgress(status: .cancelled), ride: stored, try Words.project()).bytes(
            id: RideEventID(rideID: RideID(42), status: .cancelled, sequence: 0))
        #expect(String(buffer: byRider).contains(#""headline":"Ride cancelled""#))
    }
}

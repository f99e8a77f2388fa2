import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import TestBrowsing
import Testing

/// Koober Cloud's twins of Schedule, Upcoming rides and Cancel (SPEC.md, "Koober Cloud"; issue 33): the pages' use
/// cases and rules, answered as JSON.
@Suite struct KooberCloudScheduledRideTests {
    static func body(
        date: String, time: String, option: String = "wallaroo", dropoff: String = CloudRequests.operaHouse
    )
        -> String
    {
        #"{"waypoints":{"pickupLocation":\#(CloudRequests.pickup),"dropoffLocation":\#(dropoff)},"rideOptionID":"\#(option)","pickupDate":"\#(date)","pickupTime":"\#(time)"}"#
    }

    private func signedIn(rate: Double = 1) async throws -> (KooberTestApp, CloudClient) {
        let app = try await KooberTestApp(rideClockRate: rate)
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        return (app, client)
    }

    @Test func aBookingIsCreatedListedAndCancelled() async throws {
        let (app, client) = try await signedIn()
        let pickup = ScheduledRideTests.fields(after: app.clock.now, lead: 86_400)
        try await client.send(.POST, "/api/v1/rides/scheduled", body: Self.body(date: pickup.date, time: pickup.time))
        #expect(client.status == .created)
        let booked = try client.object()
        #expect(booked["pickupDate"] as? String == pickup.date)
        #expect(booked["pickupTime"] as? String == pickup.time)
        #expect(booked["pickupShown"] as? String == PickupTimeText.text(for: pickup.instant))
        #expect(booked["pickupAt"] as? String == pickup.instant.formatted(.iso8601))
        #expect(booked["rideOption"] as? String == "Wallaroo")
        #expect(booked["status"] as? String == "upcoming")
        #expect((booked["dropoff"] as? [String: Any])?["name"] as? String == "Opera House")
        let id = try #require(booked["id"] as? Int)

        try await client.send(.GET, "/api/v1/rides/scheduled")
        #expect(client.status == .ok)
        #expect(try client.array().map { $0["id"] as? Int } == [id])

        try await client.send(.DELETE, "/api/v1/rides/scheduled/\(id)")
        #expect(client.status == .noContent)
        try await client.send(.DELETE, "/api/v1/rides/scheduled/\(id)")
        #expect(client.status == .conflict)
        try await client.send(.GET, "/api/v1/rides/scheduled")
        #expect(try client.array().isEmpty)
        try await client.send(.DELETE, "/api/v1/rides/scheduled/999")
        #expect(client.status == .notFound)
        try await client.send(.DELETE, "/api/v1/rides/scheduled/abc")
        #expect(client.status == .notFound)
    }

    @Test func refusalsAre422NamingTheFieldAndMalformedBodiesAre400() async throws {
        let (app, client) = try await signedIn()
        let tomorrow = ScheduledRideTests.fields(after: app.clock.now, lead: 86_400)
        let soon = ScheduledRideTests.fields(after: app.clock.now, lead: 60)
        let cases: [(body: String, field: String)] = [
            (Self.body(date: tomorrow.date, time: tomorrow.time, option: "koala"), "rideOptionID"),
            (Self.body(date: "", time: tomorrow.time), "pickupDate"),
            (Self.body(date: tomorrow.date, time: "25:00"), "pickupTime"),
            (Self.body(date: "2030-10-06", time: "02:30"), "pickupTime"),
            (Self.body(date: soon.date, time: soon.time), "pickupTime"),
            (Self.body(date: "2099-01-01", time: "09:00"), "pickupDate"),
            (
                Self.body(
                    date: tomorrow.date, time: tomorrow.time,
                    dropoff: #"{"id":"1","latitude":-33.0,"longitude":151.0}"#), "waypoints.dropoffLocation"
            ),
        ]
        for refusal in cases {
            try await client.send(.POST, "/api/v1/rides/scheduled", body: refusal.body)
            #expect(client.status == .unprocessableEntity, "\(refusal.body)")
            let error = try #require(client.object()["error"] as? [String: Any])
            #expect((error["fields"] as? [String: String])?.keys.first == refusal.field, "\(refusal.body)")
        }
        for body in [#"{"rideOptionID":"wallaroo"}"#, "[]", "not json", #"{"pickupDate":1}"#] {
            try await client.send(.POST, "/api/v1/rides/scheduled", body: body)
            #expect(client.status == .badRequest, "\(body)")
        }
        try await client.send(.GET, "/api/v1/rides/scheduled")
        #expect(try client.array().isEmpty)
    }

    @Test func withoutATokenItIs401AndTheCookieSessionIsNotEnough() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.GET, "/api/v1/rides/scheduled")
        #expect(client.status == .unauthorized)
        try await client.send(.DELETE, "/api/v1/rides/scheduled/1")
        #expect(client.status == .unauthorized)
    }

    @Test func aBookingMadeThroughTheAPIStartsAndShowsOnThePage() async throws {
        let (app, client) = try await signedIn(rate: 60)
        let pickup = ScheduledRideTests.fields(after: app.clock.now, lead: 60)
        try await client.send(.POST, "/api/v1/rides/scheduled", body: Self.body(date: pickup.date, time: pickup.time))
        #expect(client.status == .created)
        app.clock.advance(by: pickup.instant.timeIntervalSince(app.clock.now) - 10)
        try await app.container.rideDispatcher.runOnce()
        try await client.send(.GET, "/api/v1/rides/current")
        #expect(client.status == .ok)
        #expect(try client.object()["status"] as? String == "on_the_way")
        try await client.send(.GET, "/api/v1/rides/scheduled")
        #expect(try client.array().isEmpty)
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Koober Cloud's twins of Rate Your Ride and Report a Problem (SPEC.md, "Koober Cloud"; issue 32): the pages' use
/// cases and limits, answered as JSON.
@Suite struct KooberCloudRideFeedbackTests {
    /// Johnny, signed in on the page (to ride) and in the API (to rate), with a finished ride.
    private func finishedRide() async throws -> (KooberTestApp, CloudClient, Ride) {
        let app = try await KooberTestApp(fleetSize: 1, rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let ride = try await app.finishRide(requestedBy: browser)
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        #expect(client.token != nil)
        return (app, client, ride)
    }

    @Test func aRatingWithATipIsStoredOnceAndAnsweredAsStored() async throws {
        let (app, client, ride) = try await finishedRide()
        let path = "/api/v1/rides/\(ride.id.rawValue)/rating"
        try await client.send(
            .POST, path, body: #"{"stars":4,"compliments":["friendly","smooth_hops"],"tipCents":250}"#)
        #expect(client.status == .ok)
        let rating = try client.object()
        #expect(rating["stars"] as? Int == 4)
        #expect(rating["compliments"] as? [String] == ["smooth_hops", "friendly"])
        #expect(rating["tipCents"] as? Int == 250)
        #expect(rating["firstRatedAt"] is String)

        try await client.send(.POST, path, body: #"{"stars":5,"tipCents":500}"#)
        #expect(client.status == .conflict)
        try await client.send(.POST, path, body: #"{"stars":5}"#)
        #expect(client.status == .ok)
        #expect(try client.object()["tipCents"] as? Int == 250)
        let stored = try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id)
        #expect(stored.rating?.stars.value == 5)
        #expect(stored.rating?.tip?.cents == 250)

        app.clock.advance(by: 86_400 + 1)
        try await client.send(.POST, path, body: #"{"stars":1}"#)
        #expect(client.status == .conflict)
    }

    @Test func forgedValuesAre422NamingTheFieldsAndMalformedBodiesAre400() async throws {
        let (app, client, ride) = try await finishedRide()
        let path = "/api/v1/rides/\(ride.id.rawValue)/rating"
        try await client.send(.POST, path, body: #"{"stars":6,"compliments":["rude"],"tipCents":5001}"#)
        #expect(client.status == .unprocessableEntity)
        let error = try #require(client.object()["error"] as? [String: Any])
        #expect(Set((error["fields"] as? [String: String])?.keys ?? [:].keys) == ["stars", "compliments", "tipCents"])
        for body in [#"{"stars":5,"tipCents":-1}"#, #"{"stars":5,"tipCents":49}"#, #"{"stars":0}"#] {
            try await client.send(.POST, path, body: body)
            #expect(client.status == .unprocessableEntity, "\(body)")
        }
        for body in [
            #"{"stars":5,"tipCents":12.5}"#, #"{"stars":5,"tipCents":1e30}"#, #"{"stars":"5"}"#, #"{"tip":100}"#,
            #"{"stars":5,"x":1}"#, "{",
        ] {
            try await client.send(.POST, path, body: body)
            #expect(client.status == .badRequest, "\(body)")
        }
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func anotherRidersRideOrNoneIs404AndNoTokenIs401() async throws {
        let (app, client, ride) = try await finishedRide()
        let other = app.cloudClient()
        try await other.send(.POST, "/signUp", body: CloudRequests.signUp())
        other.token = try other.object()["token"] as? String
        for (operation, body) in [("rating", #"{"stars":1}"#), ("report", #"{"category":"fare","text":"x"}"#)] {
            let path = "/api/v1/rides/\(ride.id.rawValue)/\(operation)"
            try await other.send(.POST, path, body: body)
            #expect(other.status == .notFound, "\(path)")
            client.token = nil
            try await client.send(.POST, path, body: body)
            #expect(client.status == .unauthorized, "\(path)")
        }
        for (path, body) in [
            ("/api/v1/rides/0/rating", #"{"stars":1}"#), ("/api/v1/rides/abc/rating", #"{"stars":1}"#),
            ("/api/v1/rides/999/report", #"{"category":"fare","text":"x"}"#),
        ] {
            try await other.send(.POST, path, body: body)
            #expect(other.status == .notFound, "\(path)")
        }
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func aReportIsTakenOnceWith204() async throws {
        let (app, client, ride) = try await finishedRide()
        let path = "/api/v1/rides/\(ride.id.rawValue)/report"
        try await client.send(.POST, path, body: #"{"category":"hats","text":""}"#)
        #expect(client.status == .unprocessableEntity)
        let error = try #require(client.object()["error"] as? [String: Any])
        #expect(Set((error["fields"] as? [String: String])?.keys ?? [:].keys) == ["category", "text"])
        try await client.send(.POST, path, body: #"{"category":"lost_item","text":"My hat"}"#)
        #expect(client.status == .noContent)
        try await client.send(.POST, path, body: #"{"category":"fare","text":"Again"}"#)
        #expect(client.status == .conflict)
        let stored = try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id)
        #expect(stored.report?.category == .lostItem)
        #expect(stored.report?.text == "My hat")
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import NIOHTTP1
import TestBrowsing
import Testing

/// Saved places' and Recent's twins in Koober Cloud (issue 33): `GET`/`PUT /api/v1/places/saved`,
/// `PATCH`/`DELETE /api/v1/places/saved/{label}` and `GET /api/v1/places/recent`, the pages' use cases.
@Suite struct KooberCloudSavedPlacesTests {
    private func client() async throws -> (KooberTestApp, CloudClient) {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        return (app, client)
    }

    private func labels(_ client: CloudClient) async throws -> [String] {
        try await client.send(.GET, "/api/v1/places/saved")
        #expect(client.status == .ok)
        return try client.array().map { "\($0["label"] as? String ?? "?")=\(Self.placeID(of: $0))" }
    }

    private static func placeID(of saved: [String: Any]) -> String {
        ((saved["place"] as? [String: Any])?["location"] as? [String: Any])?["id"] as? String ?? "?"
    }

    @Test func aPlaceIsSavedMovedRenamedAndRemoved() async throws {
        let (app, client) = try await client()
        #expect(try await labels(client).isEmpty)
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"home","placeID":"1"}"#)
        #expect(client.status == .ok)
        let saved = try client.object()
        #expect(saved["label"] as? String == "Home")
        #expect((saved["place"] as? [String: Any])?["name"] as? String == "Opera House")
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"Mum's","placeID":"4"}"#)
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"Home","placeID":"2"}"#)
        #expect(try await labels(client) == ["Home=2", "Mum's=4"])

        try await client.send(.PATCH, "/api/v1/places/saved/mum%27s", body: #"{"label":"Work"}"#)
        #expect(client.status == .ok)
        #expect(try client.object()["label"] as? String == "Work")
        try await client.send(.PATCH, "/api/v1/places/saved/Work", body: #"{"label":"HOME"}"#)
        #expect(client.status == .conflict)
        #expect((try client.object()["error"] as? [String: Any])?["title"] as? String == "Label Taken")
        try await client.send(.DELETE, "/api/v1/places/saved/Work")
        #expect(client.status == .noContent)
        try await client.send(.DELETE, "/api/v1/places/saved/Work")
        #expect(client.status == .notFound)
        #expect(try await labels(client) == ["Home=2"])

        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/places/saved")
        #expect(try browser.texts(at: "//h2[@class='saved-label']") == ["Home"], "the pages see the same places")
    }

    @Test func badInputIsA4xxNamingTheField() async throws {
        let (_, client) = try await client()
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"","placeID":"1"}"#)
        #expect(client.status == .unprocessableEntity)
        #expect(((try client.object()["error"] as? [String: Any])?["fields"] as? [String: String])?["label"] != nil)
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"Gym","placeID":"999"}"#)
        #expect(client.status == .unprocessableEntity)
        #expect(((try client.object()["error"] as? [String: Any])?["fields"] as? [String: String])?["placeID"] != nil)
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"Gym","placeID":1}"#)
        #expect(client.status == .badRequest)
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"Gym","placeID":"1","x":1}"#)
        #expect(client.status == .badRequest)
        for number in 1...8 {
            try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"P\#(number)","placeID":"1"}"#)
            #expect(client.status == .ok)
        }
        try await client.send(.PUT, "/api/v1/places/saved", body: #"{"label":"P9","placeID":"1"}"#)
        #expect(client.status == .conflict)
        try await client.send(.PATCH, "/api/v1/places/saved/%ff", body: #"{"label":"Gym"}"#)
        #expect(client.status == .notFound)
        try await client.send(.PATCH, "/api/v1/places/saved/P1", body: #"{"label":"\u0000"}"#)
        #expect(client.status == .unprocessableEntity)
    }

    @Test func recentIsTheLastDistinctDropoffsNewestFirst() async throws {
        let (app, client) = try await client()
        try await client.send(.GET, "/api/v1/places/recent")
        #expect(try client.array().isEmpty)
        let moma = #"{"id":"4","latitude":-33.859715,"longitude":151.209025}"#
        for dropoff in [CloudRequests.operaHouse, moma, CloudRequests.operaHouse] {
            try await client.send(.POST, "/ride", body: CloudRequests.ride(dropoff: dropoff))
            #expect(client.status == .ok)
            try await client.send(.POST, "/api/v1/rides/current/cancel")
            app.clock.advance(by: 60)
        }
        try await client.send(.GET, "/api/v1/places/recent")
        #expect(try client.array().map { $0["name"] as? String } == ["Opera House", "MOMA"])
    }

    @Test func withoutAValidTokenTheAnswerIs401() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        for (method, path) in [
            (HTTPMethod.GET, "/api/v1/places/saved"), (.PUT, "/api/v1/places/saved"),
            (.PATCH, "/api/v1/places/saved/Home"), (.DELETE, "/api/v1/places/saved/Home"),
            (.GET, "/api/v1/places/recent"),
        ] {
            try await client.send(method, path)
            #expect(client.status == .unauthorized, "\(method) \(path)")
        }
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Share Ride's twins in Koober Cloud (issue 32): `POST` and `DELETE /api/v1/rides/current/share`, the same use cases
/// as the page's.
@Suite struct KooberCloudShareTests {
    @Test func aTokenSharesTheRideGetsTheSameLinkAgainAndStopsIt() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.POST, "/api/v1/rides/current/share")
        #expect(client.status == .notFound, "no ride in progress")
        #expect((try client.object()["error"] as? [String: Any])?["title"] as? String == "Nothing to Share")

        try await client.send(.POST, "/ride", body: CloudRequests.ride())
        #expect(client.status == .ok)
        try await client.send(.POST, "/api/v1/rides/current/share")
        #expect(client.status == .ok)
        let share = try client.object()
        let token = try #require(share["token"] as? String)
        #expect(share["url"] as? String == KooberTestApp.publicURL + "/share/" + token)
        #expect(Set(share.keys) == ["token", "url"])
        try await client.send(.POST, "/api/v1/rides/current/share")
        #expect(try client.object()["token"] as? String == token, "the same link again")

        let watcher = app.browser()
        try await watcher.visit("/share/" + token)
        #expect(watcher.status == .ok)
        #expect(try watcher.text(at: "//h1") == "Johnny's ride")

        try await client.send(.DELETE, "/api/v1/rides/current/share")
        #expect(client.status == .noContent)
        try await watcher.visit("/share/" + token)
        #expect(watcher.status == .gone)
        try await client.send(.DELETE, "/api/v1/rides/current/share")
        #expect(client.status == .noContent, "stopping again changes nothing")
        try await client.send(.POST, "/api/v1/rides/current/share")
        #expect(try client.object()["token"] as? String != token, "sharing again makes a new link")
    }

    @Test func withoutAValidTokenTheAnswerIs401() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        _ = try await client.send(.POST, "/api/v1/rides/current/share")
        #expect(client.status == .unauthorized)
        _ = try await client.send(.DELETE, "/api/v1/rides/current/share")
        #expect(client.status == .unauthorized)
    }
}

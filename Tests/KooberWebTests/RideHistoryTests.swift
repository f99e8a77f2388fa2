import Foundation
import KooberKit
import KooberTestSupport
import Testing

/// My Profile's history a page at a time, and each ride's receipt (issue 21).
@Suite struct RideHistoryTests {
    /// Stores `count` ended rides for `userID`, some in the same second, the way Cancel Ride ends them.
    static func storeRides(_ count: Int, for userID: UserID, in app: KooberTestApp) async throws -> [Ride] {
        let rides = app.container.services.rideRepository
        var stored: [Ride] = []
        for index in 0..<count {
            let request = NewRideRequest(
                userID: userID, pickup: Location(latitude: -33.864308, longitude: 151.209146), dropoffID: PlaceID(1),
                rideOptionID: "wallabee", fareCents: Cents(100 + index),
                requestedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index / 2) * 60))
            let ride = try await rides.requestRide(request)
            let change = try #require(RideChange.cancel(ride, at: ride.requestedAt + 30))
            stored.append(try #require(try await rides.apply(change)))
        }
        return stored
    }

    @Test func pagingThroughFortyFiveRidesShowsEachExactlyOnceNewestFirst() async throws {
        let app = try await KooberTestApp()
        let stored = try await Self.storeRides(45, for: UserID(1), in: app)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/profile")
        var seen = try browser.all("//a[@class='ride-history-link']").compactMap { $0[attribute: "href"] }
        #expect(seen.count == 10)
        var pages = [browser.path]
        while try browser.first("//a[normalize-space()='Older rides']") != nil, pages.count < 10 {
            try await browser.clickLink("Older rides")
            #expect(browser.status == .ok)
            #expect(try browser.text(at: "//h1") == "My Rides")
            pages.append(browser.path)
            seen += try browser.all("//a[@class='ride-history-link']").compactMap { $0[attribute: "href"] }
        }
        // 10 on My Profile, then 20 and 15.
        #expect(pages.count == 3)
        #expect(pages.dropFirst().allSatisfy { $0.hasPrefix("/profile/rides?before=") })
        #expect(seen == stored.reversed().map { "/rides/\($0.id.rawValue)" })
        #expect(try browser.texts(at: "//span[@class='ride-history-status']").allSatisfy { $0 == "Cancelled" })
        #expect(try browser.first("//a[normalize-space()='My Profile']") != nil)
    }

    @Test func theFirstHistoryPageNeedsNoCursorAndAForgedOneIsA400() async throws {
        let app = try await KooberTestApp()
        _ = try await Self.storeRides(3, for: UserID(1), in: app)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/profile/rides")
        #expect(browser.status == .ok)
        #expect(try browser.all("//a[@class='ride-history-link']").count == 3)
        #expect(try browser.first("//a[normalize-space()='Older rides']") == nil)
        for forged in ["nonsense", "AAAAAAAAAAAAAAAAAAAAAA", "%FF", "1", String(repeating: "A", count: 5_000)] {
            try await browser.visit("/profile/rides?before=\(forged)")
            #expect(browser.status == .badRequest, "\(forged.prefix(20))")
        }
    }

    @Test func aReceiptIsTheOwnersAloneAndAnythingElseIsNotFound() async throws {
        let app = try await KooberTestApp()
        let johnnys = try await Self.storeRides(1, for: UserID(1), in: app)[0]
        let skippy = app.browser()
        try await skippy.signUp(.init())
        let skippysID = try #require(
            try await app.container.services.userRepository.credentials(forEmail: "skippy@example.com")?.profile.id)
        let skippys = try await Self.storeRides(1, for: skippysID, in: app)[0]

        let johnny = app.browser()
        try await johnny.signInAsJohnny()
        try await johnny.visit("/rides/\(johnnys.id.rawValue)")
        #expect(johnny.status == .ok)
        #expect(try johnny.text(at: "//dd[@class='ride-status']") == "Cancelled")
        #expect(try johnny.text(at: "//dd[@class='receipt-fare']") == "A$0.00")
        #expect(try johnny.first("//dd[@class='receipt-cancelled']") != nil)
        #expect(try johnny.first("//dd[@class='receipt-picked-up']") == nil)
        for path in [
            "/rides/\(skippys.id.rawValue)", "/rides/999999", "/rides/0", "/rides/-1", "/rides/abc", "/rides/",
            "/rides/01", "/rides/99999999999999999999",
        ] {
            try await johnny.visit(path)
            #expect(johnny.status == .notFound, "\(path)")
        }
        // Signed out, a receipt sends the visitor to Welcome, as My Profile does.
        let stranger = app.browser()
        try await stranger.visit("/rides/\(johnnys.id.rawValue)")
        #expect(stranger.path == "/welcome")
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

extension TestBrowser {
    /// The share link the rider's live ride page shows, as a path (`/share/<token>`); `nil` when it shows none.
    func shownShareLinkPath() throws -> String? {
        guard let link = try first("//input[@id='share-link']")?[attribute: "value"] else { return nil }
        #expect(link.hasPrefix(KooberTestApp.publicURL + "/share/"), "the link is on Koober's public address")
        return String(link.dropFirst(KooberTestApp.publicURL.count))
    }

    /// Ends the signed-in rider's access as `change` says: "sign out everywhere", "change password" (from `password`
    /// to `kangaroo-jack`) or anything else, "delete account".
    func endAccess(_ change: String) async throws {
        switch change {
        case "sign out everywhere":
            try await visit("/profile")
            try await press("Sign Out Everywhere")
        case "change password":
            try await visit("/profile/password")
            try fillIn("Current Password", with: "password")
            try fillIn("New Password", with: "kangaroo-jack")
            try await press("Change Password")
        default:
            try await visit("/profile/delete")
            try fillIn("Password", with: "password")
            try await press("Delete Account")
        }
    }

    /// Presses Share Ride on the live ride page and returns the link's path.
    func shareRide() async throws -> String {
        try await visit("/ride")
        try await press("Share Ride")
        return try #require(try shownShareLinkPath())
    }
}

extension KooberTestApp {
    /// Brings Johnny's ride (user 1) to `status` with the dispatcher and the test clock: `finding` as requested,
    /// `on_the_way` once dispatched, `arrived` at the pick-up, `riding` after boarding.
    func bringRide(of userID: UserID = UserID(1), to status: RideStatus) async throws {
        guard status != .finding else { return }
        try await container.rideDispatcher.runOnce()
        let ride = try #require(try await container.services.rideRepository.followedRide(userID: userID))
        let timeline = try #require(ride.timeline())
        switch status {
        case .arrived: clock.advance(by: timeline.arrivesAtPickup.timeIntervalSince(clock.now) + 0.1)
        case .riding: clock.advance(by: timeline.departsPickup.timeIntervalSince(clock.now) + 0.1)
        case .finished: clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(clock.now) + 0.1)
        default: break
        }
    }
}

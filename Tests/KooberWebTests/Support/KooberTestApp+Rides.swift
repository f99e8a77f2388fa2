import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

extension KooberTestApp {
    /// The signed-in `browser`'s rider's ride to the Opera House, requested through the page and finished by the clock
    /// and the dispatcher (run by hand).
    func finishRide(requestedBy browser: TestBrowser, rider: UserID = UserID(1)) async throws -> Ride {
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        try await container.rideDispatcher.runOnce()
        let rides = container.services.rideRepository
        let ride = try #require(try await rides.followedRide(userID: rider))
        let timeline = try #require(ride.timeline())
        clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(clock.now) + 0.01)
        try await container.rideDispatcher.runOnce()
        let finished = try #require(try await rides.ride(id: ride.id))
        #expect(finished.status == .finished)
        return finished
    }
}

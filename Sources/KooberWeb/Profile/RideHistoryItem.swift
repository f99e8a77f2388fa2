import Foundation
import KooberKit

/// One ride in My Profile's history, display-ready: where to, the option, the fare charged, its final status (or
/// that it is under way), when it was requested, and its receipt's path.
struct RideHistoryItem: Sendable, Encodable {
    let requestedAt: String
    let to: String
    let rideOption: String
    let fare: String
    let status: String
    let receiptPath: String

    init(_ ride: Ride, _ words: Words) {
        requestedAt = RideDateText.text(for: ride.requestedAt, in: words.language)
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        fare = ride.chargedCents.displayed
        status = ride.historyLabel(words)
        receiptPath = Route.receiptPath(for: ride.id)
    }
}

/// A page of history as the templates show it: its rides, and the link to the older ones when there are more.
struct RideHistoryViewState: Sendable, Encodable {
    let rides: [RideHistoryItem]
    let hasNoRides: Bool
    /// `/profile/rides?before=…`, when there are older rides.
    let olderPath: String?

    init(_ page: RideHistoryPage, _ words: Words) {
        rides = page.rides.map { RideHistoryItem($0, words) }
        hasNoRides = page.rides.isEmpty
        olderPath = page.older.map { "\(Route.rideHistory.path)?before=\($0.text)" }
    }
}

import Foundation
import KooberKit

/// Step 3: the ride the rider follows, at one moment: its status with its headline and time, its details, and what
/// the rider can do (Cancel Ride before pick-up, Start New Ride once it has ended); the receipt once finished.
struct FollowingRideViewState: Sendable, Encodable {
    struct Receipt: Sendable, Encodable {
        let fare: String
        let distance: String
        let duration: String
        let requestedAt: String
        let pickedUpAt: String?
        let arrivedAt: String?
    }

    let status: String
    let headline: String
    let eta: String?
    let eventsPath = Route.rideEvents.path
    /// The page's script follows the stream while the ride is in progress.
    let isLive: Bool
    let from = "Your location"
    let to: String
    let rideOption: String
    let animal: String?
    let fare: String
    let cancelAction: String?
    let cannotCancel: Bool
    let startNewRideAction: String?
    let receipt: Receipt?

    init(record: RideRecord, progress: RideProgress) {
        let ride = record.ride
        status = progress.status.rawValue
        headline = RideHeadline.headline(progress, ride: ride)
        eta = RideHeadline.eta(progress)
        isLive = progress.status.isInProgress
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        animal = ride.animalTitle
        fare = Fare.format(cents: progress.status == .cancelled ? 0 : ride.fareCents)
        cancelAction = progress.status.isCancellable ? Route.cancelRide.path : nil
        cannotCancel = progress.status == .riding
        startNewRideAction = progress.status.isInProgress ? nil : Route.startNewRide.path
        receipt = progress.status == .finished ? Self.receipt(record) : nil
    }

    private static func receipt(_ record: RideRecord) -> Receipt {
        let ride = record.ride
        let minutes = max(1, Int(((ride.timeline()?.ridingSeconds ?? 0) / 60).rounded()))
        return Receipt(
            fare: Fare.format(cents: ride.chargedCents),
            distance: String(format: "%.1f km", ride.kilometres),
            duration: "\(minutes) min",
            requestedAt: record.time(of: .finding).map { $0.at.formatted(timeStyle) } ?? "",
            pickedUpAt: record.time(of: .riding).map { $0.at.formatted(timeStyle) },
            arrivedAt: record.time(of: .finished).map { $0.at.formatted(timeStyle) }
        )
    }

    /// Times of day as a rider in Sydney reads them.
    static let timeStyle = Date.FormatStyle(
        date: .omitted, time: .standard, locale: Locale(identifier: "en_AU"),
        calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "Australia/Sydney") ?? .gmt
    )
}

import Foundation
import KooberKit

/// Step 3: the ride the rider follows, at one moment: its status with its headline and time, its details, and what
/// the rider can do (Cancel Ride before pick-up, Start New Ride once it has ended); the receipt once finished.
struct FollowingRideViewState: Sendable, Encodable {
    let status: String
    let headline: String
    let eta: String?
    let eventsPath = Route.rideEvents.path
    /// The page the script fetches again at a change it cannot draw itself.
    let pagePath = Route.ride.path
    /// The page's script follows the stream while the ride is in progress.
    let isLive: Bool
    let from: String
    let to: String
    let rideOption: String
    let animal: String?
    /// The animal's **★ 4.8**, from 3 ratings up (its running total, read with the ride).
    let animalRating: String?
    let fare: String
    let cancelAction: String?
    let cannotCancel: Bool
    let startNewRideAction: String?
    let receipt: RideReceipt?
    let ratingForm: RatingFormViewState?
    let reportPath: String?
    /// Share Ride, while the ride is in progress.
    let sharing: RideSharingViewState?

    /// `animalRating` is the animal's total as read with the ride state (`RideAssignment.animalRating`).
    init(
        record: RideRecord, progress: RideProgress, animalRating: AnimalRating?, now: Date,
        sharing: RideSharingViewState? = nil, _ words: Words
    ) {
        let ride = record.ride
        status = progress.status.rawValue
        from = words("ride.yourLocation")
        headline = RideHeadline.headline(progress, ride: ride, words)
        eta = RideHeadline.eta(progress, words)
        isLive = progress.status.isInProgress
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        animal = ride.animalTitle(words)
        self.animalRating = animalRating?.words
        fare = (progress.status == .cancelled ? .zero : ride.fareCents).displayed
        cancelAction = progress.status.isCancellable ? Route.cancelRide.path : nil
        cannotCancel = progress.status == .riding
        startNewRideAction = progress.status.isInProgress ? nil : Route.startNewRide.path
        receipt = progress.status == .finished ? RideReceipt(record, words) : nil
        ratingForm = RatingFormViewState(record: record, now: now, words)
        // Its feedback is read only once finished (`PickMeUpScreen.show`): a cancelled ride is reported from its receipt.
        reportPath = progress.status == .finished ? RideReceipt.reportPath(record, now: now) : nil
        self.sharing = progress.status.isInProgress ? sharing : nil
    }
}

import KooberKit

/// The words a ride's status is shown with (SPEC.md, "The ride, live"), on the page and in the stream alike.
enum RideHeadline {
    static func headline(_ progress: RideProgress, ride: Ride, _ words: Words) -> String {
        switch progress.status {
        case .finding: return words("ride.headline.finding", ["rideOption": ride.rideOptionName])
        case .onTheWay:
            return words("ride.headline.onTheWay", ["animal": ride.animalTitle(words) ?? ride.rideOptionName])
        case .arrived:
            return words("ride.headline.arrived", ["animal": ride.assignment?.animalName ?? ride.rideOptionName])
        case .riding: return words("ride.headline.riding", ["dropoff": ride.dropoff.name])
        case .finished: return words("ride.headline.finished")
        case .cancelled: return ride.cancelledByKoober ? cancelledByKoober(words) : words("ride.headline.cancelled")
        }
    }

    /// A ride Koober Ops cancelled (SPEC.md, "Koober Ops", **Rides**), on the rider's live page, stream, receipt and
    /// history.
    static func cancelledByKoober(_ words: Words) -> String {
        words("ride.headline.cancelledByKoober")
    }

    /// "Arrives in 4 min" (to the pick-up) or "Arriving in 6 min" (to the drop-off); whole minutes, rounded up.
    static func eta(_ progress: RideProgress, _ words: Words) -> String? {
        guard let seconds = progress.etaSeconds else { return nil }
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        return words.counting(progress.status == .onTheWay ? "ride.eta.arrives" : "ride.eta.arriving", minutes)
    }
}

import KooberKit

/// The words a ride's status is shown with (SPEC.md, "The ride, live"), on the page and in the stream alike.
enum RideHeadline {
    static func headline(_ progress: RideProgress, ride: Ride) -> String {
        switch progress.status {
        case .finding: return "Finding your \(ride.rideOptionName)…"
        case .onTheWay: return "\(ride.animalTitle ?? ride.rideOptionName) is on the way"
        case .arrived: return "\(ride.assignment?.animalName ?? ride.rideOptionName) is here"
        case .riding: return "On the way to \(ride.dropoff.name)"
        case .finished: return "You have arrived"
        case .cancelled: return ride.cancelledByKoober ? cancelledByKoober : "Ride cancelled"
        }
    }

    /// A ride Koober Ops cancelled (SPEC.md, "Koober Ops", **Rides**), on the rider's live page, stream, receipt and
    /// history.
    static let cancelledByKoober = "Koober cancelled this ride"

    /// "Arrives in 4 min" (to the pick-up) or "Arriving in 6 min" (to the drop-off); whole minutes, rounded up.
    static func eta(_ progress: RideProgress) -> String? {
        guard let seconds = progress.etaSeconds else { return nil }
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        return progress.status == .onTheWay ? "Arrives in \(minutes) min" : "Arriving in \(minutes) min"
    }
}

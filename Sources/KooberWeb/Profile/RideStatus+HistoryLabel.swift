import KooberKit

extension RideStatus {
    /// How My Profile's history names a ride's status: its final one, or that it is still under way.
    func historyLabel(_ words: Words) -> String {
        switch self {
        case .finished: words("history.finished")
        case .cancelled: words("history.cancelled")
        case .finding, .onTheWay, .arrived, .riding: words("history.inProgress")
        }
    }
}

extension Ride {
    /// How the rider's history and receipt name the ride's status: **Koober cancelled this ride** when Koober Ops did.
    func historyLabel(_ words: Words) -> String {
        cancelledByKoober ? RideHeadline.cancelledByKoober(words) : status.historyLabel(words)
    }
}

import KooberKit

extension RideStatus {
    /// How My Profile's history names a ride's status: its final one, or that it is still under way.
    var historyLabel: String {
        switch self {
        case .finished: "Finished"
        case .cancelled: "Cancelled"
        case .finding, .onTheWay, .arrived, .riding: "In progress"
        }
    }
}

extension Ride {
    /// How the rider's history and receipt name the ride's status: **Koober cancelled this ride** when Koober Ops did.
    var historyLabel: String {
        cancelledByKoober ? RideHeadline.cancelledByKoober : status.historyLabel
    }
}

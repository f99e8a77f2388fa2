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

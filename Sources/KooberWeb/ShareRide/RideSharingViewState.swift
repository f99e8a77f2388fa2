import KooberKit

/// The Share Ride part of the rider's live ride page: **Share Ride** until this session has a link for the ride, then
/// the link as plain text with **Copy Link** (shown by the page's script) and **Stop Sharing**.
struct RideSharingViewState: Sendable, Encodable {
    let shareAction = Route.shareRide.path
    let stopAction = Route.stopSharingRide.path
    /// The link's absolute address, when this session shared the ride and the link lives.
    let link: String?

    /// `link`: the live link this session made, if any, on Koober's public address `publicURL`.
    init(link: RideShareToken?, publicURL: String) {
        self.link = link.map { publicURL + Route.sharePath(for: $0) }
    }
}

import KooberKit

/// The Share Ride part of the rider's live ride page: **Share Ride** until this session has a link for the ride, then
/// the link as plain text with **Copy Link** (shown by the page's script) and **Stop Sharing**. A link another session
/// made (another device, or this browser before it signed out and in again) cannot be shown, but is said, with
/// **Stop Sharing** beside **Share Ride** (which replaces it).
struct RideSharingViewState: Sendable, Encodable {
    let shareAction = Route.shareRide.path
    let stopAction = Route.stopSharingRide.path
    /// The link's absolute address, when this session shared the ride and the link lives.
    let link: String?
    /// Whether the ride has a live link that this session did not make.
    let sharedElsewhere: Bool

    /// `sharing`: the ride's sharing as this session sees it; links are on Koober's public address `publicURL`.
    init(sharing: RideSharing, publicURL: String) {
        if case .link(let token) = sharing {
            link = publicURL + Route.sharePath(for: token)
        } else {
            link = nil
        }
        sharedElsewhere = sharing == .sharedElsewhere
    }
}

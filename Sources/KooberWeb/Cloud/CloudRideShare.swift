import KooberKit

/// The answer of `POST /api/v1/rides/current/share`: the share link's absolute address on Koober's public address
/// (`--public-url`) and its token alone (the last part of `url`, for an app that builds its own links).
struct CloudRideShare: Encodable, Sendable {
    let url: String
    let token: String

    init(token: RideShareToken, publicURL: String) {
        url = publicURL + Route.sharePath(for: token)
        self.token = token.value
    }
}

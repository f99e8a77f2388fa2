import KooberKit

/// `UserProfile` of the book's app: `{"name", "email", "mobileNumber", "avatar"}`, the avatar an absolute URL of a
/// picture Koober serves. `nickname` is for `GET /api/v1/me` only (the book's model has none, and its answers keep to
/// its keys exactly).
struct CloudUserProfile: Encodable, Sendable {
    let name: String
    let nickname: String?
    let email: String
    let mobileNumber: String
    let avatar: String

    init(_ profile: UserProfile, links: CloudLinks, withNickname: Bool = false) {
        name = profile.name
        nickname = withNickname ? profile.nickname : nil
        email = profile.email
        mobileNumber = profile.mobileNumber
        avatar = links.avatar(of: profile.id)
    }
}

/// What `POST /login` and `POST /signUp` answer (`SignInResponsePayload` in the book's app): the rider and their new
/// token.
struct CloudSignInPayload: Encodable, Sendable {
    let profile: CloudUserProfile
    let token: String
}

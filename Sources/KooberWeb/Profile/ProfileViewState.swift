import KooberKit

/// My Profile: who the rider is, Sign Out and Done.
struct ProfileViewState: Sendable {
    let csrfToken: String
    let name: String
    let nickname: String
    let email: String
    let mobileNumber: String
    let signOutAction = Route.signOut.path
    let donePath = Route.ride.path

    init(csrfToken: String, profile: UserProfile) {
        self.csrfToken = csrfToken
        name = profile.name
        nickname = profile.nickname
        email = profile.email
        mobileNumber = profile.mobileNumber
    }
}

import Foundation
import KooberKit

/// My Profile: who the rider is, their 10 newest rides (each linking to its receipt, **Older rides** when there are
/// more), the account's changes (Edit Profile, Change Password, Sign Out Everywhere, Delete Account), Sign Out and
/// Done; **Email not confirmed** with **Send Confirmation Email** until the rider has confirmed it, and what sending
/// came to (a notice, or the error panel).
struct ProfileViewState: Sendable, Encodable {
    let csrfToken: String
    let name: String
    let nickname: String
    let email: String
    let emailConfirmed: Bool
    let mobileNumber: String
    let notice: ErrorMessage?
    let error: ErrorMessage?
    let sendConfirmationAction = Route.sendEmailConfirmation.path
    let signOutAction = Route.signOut.path
    let editProfilePath = Route.editProfile.path
    let changePasswordPath = Route.changePassword.path
    let signOutEverywhereAction = Route.signOutEverywhere.path
    let deleteAccountPath = Route.deleteAccount.path
    let savedPlacesPath = Route.savedPlaces.path
    let donePath = Route.ride.path
    let history: RideHistoryViewState
    /// Upcoming rides, soonest first, above My Rides (the section only when there are some).
    let upcomingRides: [UpcomingRideItem]
    let hasUpcomingRides: Bool

    init(
        csrfToken: String, profile: UserProfile, emailConfirmed: Bool, history: RideHistoryPage,
        upcomingRides: [ScheduledRide] = [], notice: ErrorMessage? = nil, error: ErrorMessage? = nil,
        _ words: Words
    ) {
        self.upcomingRides = upcomingRides.map { UpcomingRideItem($0, words) }
        hasUpcomingRides = !upcomingRides.isEmpty
        self.csrfToken = csrfToken
        name = profile.name
        nickname = profile.nickname
        email = profile.email
        self.emailConfirmed = emailConfirmed
        mobileNumber = profile.mobileNumber
        self.notice = notice
        self.error = error
        self.history = RideHistoryViewState(history, words)
    }
}

/// A page of the rider's history (`/profile/rides?before=…`): 20 rides, **Older rides** to go on, and the way back
/// to My Profile.
struct RideHistoryPageViewState: Sendable, Encodable {
    let history: RideHistoryViewState
    let profilePath = Route.profile.path
}

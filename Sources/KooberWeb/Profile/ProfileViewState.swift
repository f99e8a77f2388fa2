import Foundation
import KooberKit

/// My Profile: who the rider is, their rides newest first, Sign Out and Done.
struct ProfileViewState: Sendable, Encodable {
    /// One past (or current) ride, display-ready.
    struct RideItem: Sendable, Encodable {
        let requestedAt: String
        let to: String
        let rideOption: String
        let fare: String
        let status: String
    }

    let csrfToken: String
    let name: String
    let nickname: String
    let email: String
    let mobileNumber: String
    let signOutAction = Route.signOut.path
    let donePath = Route.ride.path
    let rides: [RideItem]
    let hasNoRides: Bool

    init(csrfToken: String, profile: UserProfile, rides: [Ride]) {
        self.csrfToken = csrfToken
        name = profile.name
        nickname = profile.nickname
        email = profile.email
        mobileNumber = profile.mobileNumber
        self.rides = rides.map { ride in
            RideItem(
                requestedAt: ride.requestedAt.formatted(Self.dateStyle), to: ride.dropoff.name,
                rideOption: ride.rideOptionName,
                fare: Fare.format(cents: ride.chargedCents),
                status: ride.status.historyLabel
            )
        }
        hasNoRides = rides.isEmpty
    }

    /// Times as a rider in Sydney reads them.
    private static let dateStyle = Date.FormatStyle(
        date: .abbreviated, time: .shortened, locale: Locale(identifier: "en_AU"),
        calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "Australia/Sydney") ?? .gmt
    )
}

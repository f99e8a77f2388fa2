import Foundation
import KooberKit
import Testing

/// A fixed moment, so times in the tests are whole seconds and easy to read.
let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

func newUser(
    email: String = "johnny@gmail.com", name: String = "Johnny Appleseed", confirmation: AccountLinkIssue? = nil
) -> NewUser {
    NewUser(
        name: name,
        nickname: "Johnny",
        email: email,
        mobileNumber: "510-736-8754",
        passwordHash: "$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA",
        confirmation: confirmation
    )
}

/// A fresh link of `purpose` made at `time`: a reset link lives 30 minutes, a confirmation link 7 days.
func newLink(_ purpose: AccountLinkPurpose, at time: Date = referenceTime) -> AccountLinkIssue {
    AccountLinkIssue(purpose: purpose, now: time, lifetime: .seconds(purpose == .passwordReset ? 30 * 60 : 7 * 86_400))
}

/// Places of the seed, by id, for the ride tests.
let operaHouse = PlaceID(1)
let moma = PlaceID(4)
let noSuchPlace = PlaceID(999)

/// A ride request from Koober's pick-up point in Sydney.
func newRideRequest(
    userID: UserID,
    dropoffID: PlaceID = operaHouse,
    rideOptionID: String = RideOption.wallaroo.id,
    fareCents: Cents = 1_234,
    at requestedAt: Date = referenceTime
) -> NewRideRequest {
    NewRideRequest(
        userID: userID,
        pickup: SydneyLocator.sydney,
        dropoffID: dropoffID,
        rideOptionID: rideOptionID,
        fareCents: fareCents,
        requestedAt: requestedAt
    )
}

/// Confirms the rider's email through a confirmation link, and settles its message, so the outbox starts empty.
func confirmEmail(of userID: UserID, in repositories: Repositories) async throws {
    let link = newLink(.emailConfirmation)
    try await repositories.accountLinks.issue(link, for: userID)
    #expect(
        try await repositories.accountLinks.confirmEmail(tokenHash: link.tokenHash, at: referenceTime) == userID)
    for entry in try await repositories.outbox.claimDue(at: referenceTime, limit: 10, leaseUntil: referenceTime) {
        try await repositories.outbox.markSent([entry.claim])
    }
}

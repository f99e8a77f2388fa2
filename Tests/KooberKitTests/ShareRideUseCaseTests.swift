import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Share Ride's use cases on the in-memory store (issue 32): the same link again for the session that shared, a new
/// one (and the older one's end told) for another session, Stop Sharing, and a link that shows nothing once its ride
/// has ended.
@Suite struct ShareRideUseCaseTests {
    let stores = StoreServices.inMemory()
    let signal = SessionEndSignalSpy()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func riderWithRide() async throws -> (UserID, SessionToken) {
        let profile = try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
        let session = try await session(of: profile.id)
        _ = try await stores.rides.requestRide(
            NewRideRequest(
                userID: profile.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                fareCents: 1_234, requestedAt: now))
        return (profile.id, session)
    }

    private func session(of userID: UserID) async throws -> SessionToken {
        let token = SessionToken.generate()
        try await stores.sessions.create(tokenHash: token.hash, userID: userID, now: now)
        return token
    }

    private func share(_ userID: UserID, _ session: SessionToken) async throws -> RideShareToken {
        try await ShareRideUseCase(
            userID: userID, sessionToken: session, now: now, rideRepository: stores.rides,
            shareRepository: stores.rideShares, signal: signal
        ).run()
    }

    private func shown(_ token: RideShareToken?, at time: Date? = nil) async throws -> SharedRide? {
        try await LoadSharedRideUseCase(
            token: token, now: time ?? now, rideRepository: stores.rides, shareRepository: stores.rideShares
        ).run()
    }

    @Test func theSessionThatSharedGetsTheSameLinkAndAnotherSessionReplacesIt() async throws {
        let (zoe, phone) = try await riderWithRide()
        let first = try await share(zoe, phone)
        #expect(try await share(zoe, phone) == first)
        #expect(signal.ended.isEmpty)
        let rideID = try #require(try await shown(first)?.record.ride.id)
        #expect(try await shown(first)?.nickname == "Zoë")
        #expect(
            try await LoadRideShareUseCase(rideID: rideID, sessionToken: phone, shareRepository: stores.rideShares)
                .run() == .link(first))

        let laptop = try await session(of: zoe)
        #expect(
            try await LoadRideShareUseCase(rideID: rideID, sessionToken: laptop, shareRepository: stores.rideShares)
                .run() == .sharedElsewhere, "another session cannot derive the phone's link, but knows of it")
        let second = try await share(zoe, laptop)
        #expect(second != first)
        #expect(signal.ended == [.sharingOf(zoe)], "the older link's watchers are told")
        #expect(try await shown(first) == nil)
        #expect(try await shown(second) != nil)
        #expect(try await share(zoe, phone) != first, "the phone's share now makes a new link too")
    }

    @Test func stopSharingEndsTheLinkAndANewShareMakesAnother() async throws {
        let (zoe, phone) = try await riderWithRide()
        let first = try await share(zoe, phone)
        try await StopSharingRideUseCase(userID: zoe, shareRepository: stores.rideShares, signal: signal).run()
        #expect(signal.ended == [.sharingOf(zoe)])
        #expect(try await shown(first) == nil)
        #expect(try await share(zoe, phone) != first)
    }

    @Test func aLinkShowsNothingOnceItsRideIsCancelledAndNoEndedRideIsShared() async throws {
        let (zoe, phone) = try await riderWithRide()
        let token = try await share(zoe, phone)
        _ = try await CancelRideUseCase(
            userID: zoe, now: now, rideRepository: stores.rides, signal: RideChangeSignalSpy()
        ).run()
        #expect(try await shown(token) == nil)
        await #expect(throws: ShareRideError.noLiveRide) { try await share(zoe, phone) }
        #expect(try await shown(nil) == nil)
    }

    @Test func aSessionThatEndedCannotShare() async throws {
        let (zoe, phone) = try await riderWithRide()
        try await stores.sessions.delete(tokenHash: phone.hash)
        await #expect(throws: ShareRideError.sessionEnded) { try await share(zoe, phone) }
    }
}

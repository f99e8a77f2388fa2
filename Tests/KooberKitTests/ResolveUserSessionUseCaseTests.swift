import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

struct ResolveUserSessionUseCaseTests {
    /// A world with Johnny signed in at `referenceTime`.
    private func signedIn() async throws -> (UseCaseWorld, StartedSession) {
        let world = UseCaseWorld()
        try await world.addUser()
        return (world, try await world.signIn(at: referenceTime).get())
    }

    @Test func aLiveTokenResolvesToItsUsersSession() async throws {
        let (world, started) = try await signedIn()

        let session = try #require(try await world.resolve(started.token, at: referenceTime + minutes(1)))

        #expect(session.profile == started.profile)
        #expect(session.tokenHash == started.token.hash)
        #expect(session.createdAt == referenceTime)
    }

    @Test func aTokenNeverIssuedResolvesToNobody() async throws {
        let (world, _) = try await signedIn()

        #expect(try await world.resolve(SessionToken.generate(), at: referenceTime) == nil)
    }

    @Test func theStoredHashItselfUsedAsATokenResolvesToNobody() async throws {
        let (world, started) = try await signedIn()

        #expect(try await world.resolve(SessionToken(value: started.token.hash.hex), at: referenceTime) == nil)
    }

    @Test func aSessionIdleForSevenDaysResolvesToNobodyAndIsDeleted() async throws {
        let (world, started) = try await signedIn()

        #expect(try await world.resolve(started.token, at: referenceTime + days(7)) == nil)

        #expect(try await !world.isStored(started.token))
        // Gone for good: not even a moment "earlier" brings it back.
        #expect(try await world.resolve(started.token, at: referenceTime + days(1)) == nil)
    }

    @Test func aSessionIdleForJustUnderSevenDaysStillResolves() async throws {
        let (world, started) = try await signedIn()

        #expect(try await world.resolve(started.token, at: referenceTime + days(7) - seconds(1)) != nil)
        #expect(try await world.isStored(started.token))
    }

    @Test func aSessionUsedEveryDayEndsThirtyDaysAfterSignInAndIsDeleted() async throws {
        let (world, started) = try await signedIn()
        for day in 1..<30 {
            let session = try await world.resolve(started.token, at: referenceTime + days(Double(day)))
            #expect(session != nil, "day \(day)")
        }

        #expect(try await world.resolve(started.token, at: referenceTime + days(30) - seconds(1)) != nil)
        #expect(try await world.resolve(started.token, at: referenceTime + days(30)) == nil)
        #expect(try await !world.isStored(started.token))
    }

    @Test func useWithinFiveMinutesOfTheLastRecordedUseIsNotWritten() async throws {
        let (world, started) = try await signedIn()

        _ = try await world.resolve(started.token, at: referenceTime + minutes(5) - seconds(1))

        let stored = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        #expect(stored.lastSeenAt == referenceTime)
    }

    @Test func useFiveMinutesOrMoreAfterTheLastRecordedUseIsWritten() async throws {
        let (world, started) = try await signedIn()

        _ = try await world.resolve(started.token, at: referenceTime + minutes(5))
        let afterFirst = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        _ = try await world.resolve(started.token, at: referenceTime + minutes(9))
        let afterSecond = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        _ = try await world.resolve(started.token, at: referenceTime + minutes(10))
        let afterThird = try #require(try await world.sessions.session(tokenHash: started.token.hash))

        #expect(afterFirst.lastSeenAt == referenceTime + minutes(5))
        #expect(afterSecond.lastSeenAt == referenceTime + minutes(5))
        #expect(afterThird.lastSeenAt == referenceTime + minutes(10))
        #expect(afterThird.createdAt == referenceTime)
    }

    @Test func recordedUseKeepsAnOtherwiseIdleSessionAlive() async throws {
        let (world, started) = try await signedIn()

        #expect(try await world.resolve(started.token, at: referenceTime + days(6)) != nil)

        #expect(try await world.resolve(started.token, at: referenceTime + days(12)) != nil)
    }

    @Test func expiringOneSessionLeavesTheOthersAlone() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let old = try await world.signIn(at: referenceTime).get()
        let fresh = try await world.signIn(at: referenceTime + days(6)).get()

        #expect(try await world.resolve(old.token, at: referenceTime + days(7)) == nil)

        #expect(try await world.isStored(fresh.token))
        #expect(try await world.resolve(fresh.token, at: referenceTime + days(7)) != nil)
    }

    @Test func aBrowsersSessionIsNoTokenAndATokenIsNoBrowsersSessionAndNeitherIsEnded() async throws {
        let (world, started) = try await signedIn()
        #expect(try await world.resolve(started.token, at: referenceTime, policy: .api) == nil)
        #expect(try await world.isStored(started.token))

        let token = SessionToken.generate()
        try await world.sessions.create(
            tokenHash: token.hash, userID: started.profile.id, kind: .api, now: referenceTime)
        #expect(try await world.resolve(token, at: referenceTime) == nil)
        #expect(try await world.resolve(token, at: referenceTime + days(29), policy: .api)?.kind == .api)
        #expect(try await world.resolve(token, at: referenceTime + days(30), policy: .api) == nil)
    }

    @Test func readWithItsRideStateALiveSessionIsTouchedAndAnExpiredOneDeletedAsAlone() async throws {
        let (world, started) = try await signedIn()
        let places = InMemoryPlaceRepository(places: SydneyPlaces.all)
        let rides = InMemoryRideRepository(places: places)
        try await rides.chooseDropoff(userID: started.profile.id, placeID: PlaceID(1), at: referenceTime)
        let reader = SessionThenRideState(sessions: world.sessions, rides: rides)
        func resolve(_ token: SessionToken, at now: Date, policy: SessionPolicy = SessionPolicy()) async throws
            -> SessionRideState?
        {
            try await ResolveUserSessionUseCase(
                token: token, now: now, sessionRepository: world.sessions, policy: policy
            )
            .run(readingRideStateFrom: reader)
        }

        let read = try #require(try await resolve(started.token, at: referenceTime + minutes(6)))
        #expect(read.session.profile == started.profile)
        #expect(read.rideState == .choosingRideOption(dropoff: try #require(try await places.place(id: PlaceID(1)))))
        let touched = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        #expect(touched.lastSeenAt == referenceTime + minutes(6))

        #expect(try await resolve(started.token, at: referenceTime + minutes(7), policy: .api) == nil)
        #expect(try await world.isStored(started.token))
        #expect(try await resolve(SessionToken.generate(), at: referenceTime + minutes(7)) == nil)
        #expect(try await resolve(started.token, at: referenceTime + minutes(6) + days(7)) == nil)
        #expect(try await !world.isStored(started.token))
    }
}

import Foundation
import KooberKit
import Testing

/// What every `SessionRideStateRepository` promises, checked on each store: the same session and ride state as the
/// two repositories read one after the other, at every step of a ride, for each rider apart.
struct SessionRideStateRepositoryContractTests {
    private let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))
    private let otherToken = SessionTokenHash(hex: String(repeating: "cd", count: 32))

    @Test(arguments: RepositoryKind.allCases)
    func theSessionComesWithItsRidersRideStateAtEachStep(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@example.com", name: "Skippy"))
            try await repositories.sessions.create(tokenHash: token, userID: rider.id, now: referenceTime)
            try await repositories.sessions.create(
                tokenHash: otherToken, userID: other.id, kind: .api, now: referenceTime + 1)
            try await repositories.rides.chooseDropoff(userID: other.id, placeID: operaHouse, at: referenceTime)

            /// What the two repositories say, one after the other.
            func separately(_ token: SessionTokenHash) async throws -> SessionRideState {
                let session = try #require(try await repositories.sessions.session(tokenHash: token))
                return SessionRideState(
                    session: session, rideState: try await repositories.rides.rideState(userID: session.profile.id))
            }
            func expectBothAsRead() async throws {
                let read = try #require(try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token))
                #expect(read == (try await separately(token)))
                let others = try await repositories.sessionRideStates.sessionWithRideState(tokenHash: otherToken)
                #expect(others == (try await separately(otherToken)))
                #expect(others?.session.kind == .api)
            }

            let first = try #require(try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token))
            #expect(first.session.profile == rider)
            #expect(first.rideState == .choosingDropoff)
            try await expectBothAsRead()

            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime)
            try await expectBothAsRead()
            let ride = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, dropoffID: moma, rideOptionID: "kangaroo", fareCents: 987))
            let following = try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token)
            #expect(following?.rideState == .following(ride))
            try await expectBothAsRead()
            let change = try #require(RideChange.cancel(ride, at: ride.requestedAt + 60))
            _ = try #require(try await repositories.rides.apply(change))
            try await expectBothAsRead()
            try await repositories.rides.startNewRide(userID: rider.id)
            try await expectBothAsRead()
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func noSessionIsNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.rides.chooseDropoff(userID: rider.id, placeID: moma, at: referenceTime)
            #expect(try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token) == nil)

            try await repositories.sessions.create(tokenHash: token, userID: rider.id, now: referenceTime)
            try await repositories.sessions.delete(tokenHash: token)
            #expect(try await repositories.sessionRideStates.sessionWithRideState(tokenHash: token) == nil)
        }
    }
}

import Foundation
import KooberKit
import Testing

/// What every store promises for share links (issue 32): one per ride, found by its token's hash only, stored only
/// for the rider's own ride while the sharing session lives, and ended by Stop Sharing and by every change that ends
/// access (Sign Out Everywhere and a password change, a reset, the account's deletion); on each implementation.
struct RideShareRepositoryContractTests {
    private struct Rider {
        let profile: UserProfile
        let session: SessionToken
        let ride: Ride
    }

    private func rider(_ repositories: Repositories, email: String = "johnny@gmail.com") async throws -> Rider {
        let profile = try await repositories.users.create(newUser(email: email))
        let session = SessionToken.generate()
        try await repositories.sessions.create(tokenHash: session.hash, userID: profile.id, now: referenceTime)
        let ride = try await repositories.rides.requestRide(newRideRequest(userID: profile.id))
        return Rider(profile: profile, session: session, ride: ride)
    }

    private func link(for rider: Rider, at time: Date = referenceTime) -> (RideShare, RideShareToken) {
        let salt = RideShareToken.generateSalt()
        let token = RideShareToken.derive(sessionToken: rider.session, rideID: rider.ride.id, salt: salt)
        let share = RideShare(
            rideID: rider.ride.id, userID: rider.profile.id, tokenHash: token.hash, salt: salt, createdAt: time)
        return (share, token)
    }

    /// Johnny and Skippy, each with a ride and its link saved; the links' tokens.
    private func twoSharingRiders(_ repositories: Repositories) async throws
        -> (johnny: Rider, johnnys: RideShareToken, skippys: RideShareToken)
    {
        let johnny = try await rider(repositories)
        let skippy = try await rider(repositories, email: "skippy@koober.com")
        let (johnnys, johnnysToken) = link(for: johnny)
        let (skippys, skippysToken) = link(for: skippy)
        #expect(try await repositories.rideShares.save(johnnys, session: johnny.session.hash))
        #expect(try await repositories.rideShares.save(skippys, session: skippy.session.hash))
        return (johnny, johnnysToken, skippysToken)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSavedLinkIsFoundByItsRideAndItsHashAndANewerOneReplacesIt(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let shares = repositories.rideShares
            #expect(try await shares.link(rideID: johnny.ride.id) == nil)
            let (first, firstToken) = link(for: johnny)
            #expect(try await shares.save(first, session: johnny.session.hash))
            #expect(try await shares.link(rideID: johnny.ride.id) == first)
            #expect(
                try await shares.owner(tokenHash: firstToken.hash)
                    == SharedRideOwner(rideID: johnny.ride.id, nickname: "Johnny"))

            let (second, secondToken) = link(for: johnny, at: referenceTime + 60)
            #expect(try await shares.save(second, session: johnny.session.hash))
            #expect(try await shares.link(rideID: johnny.ride.id) == second, "one link per ride")
            #expect(try await shares.owner(tokenHash: firstToken.hash) == nil, "the older link ended")
            #expect(try await shares.owner(tokenHash: secondToken.hash)?.rideID == johnny.ride.id)
            #expect(try await shares.owner(tokenHash: SessionToken.generate().hash) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLinkIsStoredOnlyForTheRidersOwnRideWhileTheSharingSessionLives(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let skippy = try await rider(repositories, email: "skippy@koober.com")
            let shares = repositories.rideShares
            let (johnnys, _) = link(for: johnny)
            #expect(try await !shares.save(johnnys, session: skippy.session.hash), "another rider's session")
            let forged = RideShare(
                rideID: skippy.ride.id, userID: johnny.profile.id, tokenHash: johnnys.tokenHash, salt: johnnys.salt,
                createdAt: referenceTime)
            #expect(try await !shares.save(forged, session: johnny.session.hash), "another rider's ride")
            try await repositories.sessions.delete(tokenHash: johnny.session.hash)
            #expect(try await !shares.save(johnnys, session: johnny.session.hash), "an ended session")
            #expect(try await shares.link(rideID: johnny.ride.id) == nil)
            #expect(try await shares.link(rideID: skippy.ride.id) == nil)
        }
    }

    /// Pick-me-up's one read (the ride state, alone and with the session) carries the followed ride's link, so the
    /// live page takes no trip of its own for it; the in-memory store does not look, and says so (`.unread`).
    @Test(arguments: RepositoryKind.allCases)
    func theRideStateCarriesTheFollowedRidesLink(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            func readWithTheRide() async throws -> [RideShareLookup] {
                let alone = try await repositories.rides.rideState(userID: johnny.profile.id)
                let withSession = try await repositories.sessionRideStates.sessionWithRideState(
                    tokenHash: johnny.session.hash)?.rideState
                return [alone, withSession].map { state in
                    if case .following(let ride)? = state { ride.share } else { .unread }
                }
            }
            let notRead: RideShareLookup = .unread
            #expect(try await readWithTheRide() == Array(repeating: kind == .inMemory ? notRead : .none, count: 2))
            let (share, _) = link(for: johnny)
            #expect(try await repositories.rideShares.save(share, session: johnny.session.hash))
            #expect(
                try await readWithTheRide() == Array(repeating: kind == .inMemory ? notRead : .link(share), count: 2))
            #expect(try await repositories.rideShares.deleteAll(userID: johnny.profile.id) == 1)
            #expect(try await readWithTheRide() == Array(repeating: kind == .inMemory ? notRead : .none, count: 2))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func stopSharingEndsTheRidersLinksOnly(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let (johnny, johnnysToken, skippysToken) = try await twoSharingRiders(repositories)
            let shares = repositories.rideShares
            #expect(try await shares.deleteAll(userID: johnny.profile.id) == 1)
            #expect(try await shares.owner(tokenHash: johnnysToken.hash) == nil)
            #expect(try await shares.link(rideID: johnny.ride.id) == nil)
            let skippys = try await shares.owner(tokenHash: skippysToken.hash)
            #expect(skippys != nil && skippys?.rideID != johnny.ride.id, "Skippy's link lives")
        }
    }

    @Test(
        arguments: RepositoryKind.allCases,
        ["sign out everywhere", "password reset", "account deletion"])
    func everyChangeThatEndsAccessEndsTheRidersLinks(kind: RepositoryKind, change: String) async throws {
        try await withRepositories(kind) { repositories in
            let (johnny, johnnysToken, skippysToken) = try await twoSharingRiders(repositories)
            let shares = repositories.rideShares
            switch change {
            case "sign out everywhere":
                try await repositories.sessions.deleteAll(userID: johnny.profile.id, keeping: nil)
            case "password reset":
                let reset = newLink(.passwordReset)
                try await repositories.accountLinks.issue(reset, for: johnny.profile.id)
                let credentials = try await repositories.accountLinks.resetPassword(
                    tokenHash: reset.tokenHash, passwordHash: "$argon2id$new", at: referenceTime + 1)
                #expect(credentials?.profile.id == johnny.profile.id)
            default:
                try await repositories.users.delete(id: johnny.profile.id)
            }
            #expect(try await shares.owner(tokenHash: johnnysToken.hash) == nil, "\(change) ends the link")
            let skippys = try await shares.owner(tokenHash: skippysToken.hash)
            #expect(skippys != nil && skippys?.rideID != johnny.ride.id, "Skippy's link lives")
        }
    }
}

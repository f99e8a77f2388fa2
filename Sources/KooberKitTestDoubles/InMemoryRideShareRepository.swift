import KooberKit

/// Share links in memory, for fast tests of use cases: on the shared `InMemoryShareLinks`, with the users (a deleted
/// rider's links show nothing, as the databases' cascade), the sessions (a link is stored only while its session
/// lives) and the rides (only the rider's own ride is shared).
public struct InMemoryRideShareRepository: RideShareRepository {
    private let links: InMemoryShareLinks
    private let users: InMemoryUserRepository
    private let sessions: InMemoryUserSessionRepository
    private let rides: any RideRepository

    public init(
        links: InMemoryShareLinks, users: InMemoryUserRepository, sessions: InMemoryUserSessionRepository,
        rides: any RideRepository
    ) {
        self.links = links
        self.users = users
        self.sessions = sessions
        self.rides = rides
    }

    public func link(rideID: RideID) async throws -> RideShare? {
        links.links.withLock { $0[rideID] }
    }

    /// The session is checked after the link is stored too, and the link taken back if it ended meanwhile: an access
    /// change ends the sessions and the links together, so either this sees it or its delete comes after this store.
    public func save(_ link: RideShare, session: SessionTokenHash) async throws -> Bool {
        guard try await rides.ride(id: link.rideID)?.userID == link.userID,
            try await sessions.session(tokenHash: session)?.profile.id == link.userID
        else { return false }
        links.links.withLock { $0[link.rideID] = link }
        guard try await sessions.session(tokenHash: session) != nil else {
            links.links.withLock { links in
                if links[link.rideID] == link { links[link.rideID] = nil }
            }
            return false
        }
        return true
    }

    @discardableResult
    public func deleteAll(userID: UserID) async throws -> Int {
        links.deleteAll(userID: userID)
    }

    public func owner(tokenHash: SessionTokenHash) async throws -> SharedRideOwner? {
        guard let link = links.links.withLock({ $0.values.first { $0.tokenHash == tokenHash } }),
            let profile = try await users.profile(id: link.userID)
        else { return nil }
        return SharedRideOwner(rideID: link.rideID, nickname: profile.nickname)
    }
}

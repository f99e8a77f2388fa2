/// A session read together with its rider's ride state. Pick-me-up's page needs both at every visit, and a store reads
/// them in one trip instead of two: to the server across a network (PostgreSQL), where a trip cost more than the rest
/// of the request (docs/performance.md, "PostgreSQL and several processes"), or to the reader threads (SQLite).
public protocol SessionRideStateRepository: Sendable {
    /// The session `tokenHash` names, of any kind and age, with its user's ride state; `nil` without such a session.
    func sessionWithRideState(tokenHash: SessionTokenHash) async throws -> SessionRideState?
}

/// A session and its user's ride state, read at one moment.
public struct SessionRideState: Equatable, Sendable {
    public let session: UserSession
    public let rideState: RideState

    public init(session: UserSession, rideState: RideState) {
        self.session = session
        self.rideState = rideState
    }
}

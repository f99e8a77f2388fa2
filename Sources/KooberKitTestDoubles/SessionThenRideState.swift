import KooberKit

/// The two reads one after the other, for stores where a read is no trip (memory).
public struct SessionThenRideState: SessionRideStateRepository {
    let sessions: any UserSessionRepository
    let rides: any RideRepository

    public init(sessions: any UserSessionRepository, rides: any RideRepository) {
        self.sessions = sessions
        self.rides = rides
    }

    public func sessionWithRideState(tokenHash: SessionTokenHash) async throws -> SessionRideState? {
        guard let session = try await sessions.session(tokenHash: tokenHash) else { return nil }
        return SessionRideState(session: session, rideState: try await rides.rideState(userID: session.profile.id))
    }
}

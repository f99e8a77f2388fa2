import KooberKit
import PostgresNIO

/// A session and its rider's ride state in one statement (`SessionWithRideStateByTokenHash`): pick-me-up's page
/// makes one trip to the server for both, not one for each.
public struct PostgresSessionRideStateRepository: SessionRideStateRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func sessionWithRideState(tokenHash: SessionTokenHash) async throws -> SessionRideState? {
        guard let row = try await database.execute(SessionWithRideStateByTokenHash(tokenHash: tokenHash)).first else {
            return nil
        }
        return SessionRideState(
            session: try PostgresUserSessionRepository.session(from: row),
            rideState: try PostgresRideRepository.rideState(from: row)
        )
    }
}

import KooberKit

/// A session and its rider's ride state in one snapshot, read in one trip to the database's reader threads: read
/// one after the other, `GET /ride` handed its task to a reader thread and back twice, and on a busy core each hand-over
/// costs a context switch (docs/performance.md, "Ride streams").
public struct SQLiteSessionRideStateRepository: SessionRideStateRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func sessionWithRideState(tokenHash: SessionTokenHash) async throws -> SessionRideState? {
        try await database.read { connection in
            try connection.snapshot { connection in
                guard let session = try SQLiteUserSessionRepository.session(tokenHash: tokenHash, on: connection)
                else { return nil }
                return SessionRideState(
                    session: session,
                    rideState: try SQLiteRideRepository.rideState(userID: session.profile.id, on: connection))
            }
        }
    }
}

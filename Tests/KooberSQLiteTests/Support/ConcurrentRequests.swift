import Foundation
import KooberKit

/// Sends `count` requests for one rider at once, spread over `repositories`; returns the rides stored and how
/// many were refused because one was already in progress. Any other error fails the test.
func requestAtOnce(
    _ count: Int,
    userID: UserID,
    through repositories: [any RideRepository]
) async throws -> (stored: [Ride], refused: Int) {
    try await withThrowingTaskGroup(of: Ride?.self) { group in
        for index in 0..<count {
            let repository = repositories[index % repositories.count]
            group.addTask {
                do {
                    return try await repository.requestRide(
                        newRideRequest(userID: userID, at: referenceTime + Double(index))
                    )
                } catch RideRepositoryError.rideAlreadyInProgress {
                    return nil
                }
            }
        }
        var stored: [Ride] = []
        var refused = 0
        for try await ride in group {
            if let ride { stored.append(ride) } else { refused += 1 }
        }
        return (stored, refused)
    }
}

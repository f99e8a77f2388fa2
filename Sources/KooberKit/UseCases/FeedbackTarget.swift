import Foundation

/// What a rating or a report is about: the rider, the ride they name, the time, and the stores of rides and their
/// feedback. Rate Your Ride and Report a Problem find the ride through it, each by its own rule.
public struct FeedbackTarget: Sendable {
    let userID: UserID
    let rideID: RideID
    let now: Date
    let rideRepository: any RideRepository
    let feedbackRepository: any RideFeedbackRepository

    public init(
        userID: UserID, rideID: RideID, now: Date, rideRepository: any RideRepository,
        feedbackRepository: any RideFeedbackRepository
    ) {
        self.userID = userID
        self.rideID = rideID
        self.now = now
        self.rideRepository = rideRepository
        self.feedbackRepository = feedbackRepository
    }

    /// The ride, when it is the rider's and `allowed` at `now`; otherwise `RideFeedbackError.rideNotFound` (one answer
    /// for a ride of someone else's, none, or one past its window).
    func ride(allowed: (Ride, Date) -> Bool) async throws -> Ride {
        guard let ride = try await rideRepository.ride(id: rideID), ride.userID == userID, allowed(ride, now) else {
            throw RideFeedbackError.rideNotFound
        }
        return ride
    }
}

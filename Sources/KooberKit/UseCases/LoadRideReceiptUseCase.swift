/// A ride's receipt: the rider's own ride with its history and what the rider said of it (rating, tip, report); `nil`
/// for another rider's ride or one that doesn't exist (both a 404: whether a ride exists is not told to anyone else).
public struct LoadRideReceiptUseCase: Sendable {
    let userID: UserID
    let rideID: RideID
    let rideRepository: any RideRepository
    let feedbackRepository: any RideFeedbackRepository

    public init(
        userID: UserID, rideID: RideID, rideRepository: any RideRepository,
        feedbackRepository: any RideFeedbackRepository
    ) {
        self.userID = userID
        self.rideID = rideID
        self.rideRepository = rideRepository
        self.feedbackRepository = feedbackRepository
    }

    public func run() async throws -> RideRecord? {
        guard let ride = try await rideRepository.ride(id: rideID), ride.userID == userID else { return nil }
        let events = try await rideRepository.events(rideID: ride.id)
        // Only an ended ride can have a rating or a report: a ride in progress costs no read for them.
        let feedback =
            ride.status.isInProgress ? RideFeedback() : try await feedbackRepository.feedback(rideID: ride.id)
        return RideRecord(ride: ride, events: events, feedback: feedback)
    }
}

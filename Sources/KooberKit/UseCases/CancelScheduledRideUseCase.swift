/// Cancel on My Profile: frees the rider's booking, free of charge, while it is upcoming. Throws
/// `ScheduledRideRepositoryError.notFound` (not the rider's, or no such booking) or `.notUpcoming` (it has started).
public struct CancelScheduledRideUseCase: Sendable {
    let userID: UserID
    let id: ScheduledRideID
    let scheduledRides: any ScheduledRideRepository

    public init(userID: UserID, id: ScheduledRideID, scheduledRides: any ScheduledRideRepository) {
        self.userID = userID
        self.id = id
        self.scheduledRides = scheduledRides
    }

    public func run() async throws {
        try await scheduledRides.cancel(id: id, userID: userID)
    }
}

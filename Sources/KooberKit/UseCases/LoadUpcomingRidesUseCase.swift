/// My Profile's Upcoming rides: the rider's bookings that have not started, soonest first.
public struct LoadUpcomingRidesUseCase: Sendable {
    let userID: UserID
    let scheduledRides: any ScheduledRideRepository

    public init(userID: UserID, scheduledRides: any ScheduledRideRepository) {
        self.userID = userID
        self.scheduledRides = scheduledRides
    }

    public func run() async throws -> [ScheduledRide] {
        try await scheduledRides.upcoming(userID: userID)
    }
}

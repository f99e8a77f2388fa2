/// **Rides** (`GET /ops/rides?q=…`): the ride with this id (1 to 18 ASCII digits, spaces around allowed); anything
/// else finds none. Throws `OpsRideError.notAllowed` for a member whose role may not see rides.
public struct FindRideUseCase: Sendable {
    let query: String
    let member: StaffMember
    let rides: any RideRepository

    public init(query: String, member: StaffMember, rides: any RideRepository) {
        self.query = query
        self.member = member
        self.rides = rides
    }

    /// The ride's id, if there is such a ride.
    public func run() async throws -> RideID? {
        guard member.role.permits(.rides) else { throw OpsRideError.notAllowed }
        guard case .rideID(let id) = RiderQuery(query) else { return nil }
        return try await rides.ride(id: id)?.id
    }
}

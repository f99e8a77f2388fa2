/// A ride as Koober Ops' staff see it (`/ops/rides/<id>`): the ride with its history (each status and when), the
/// rider's rating and tip and Koober's refund (`record.feedback`), and the rider it is for. Never a password hash, a
/// session or a token.
public struct OpsRide: Equatable, Sendable {
    public let record: RideRecord
    public let rider: UserProfile

    public init(record: RideRecord, rider: UserProfile) {
        self.record = record
        self.rider = rider
    }

    public var ride: Ride { record.ride }
}

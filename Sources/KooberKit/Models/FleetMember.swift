/// An animal as seeded: its option, its number within the option (1, 2, …), its name and its resting place.
public struct FleetMember: Equatable, Sendable {
    public let rideOptionID: String
    public let number: Int
    public let name: String
    public let restingPlace: Location
}

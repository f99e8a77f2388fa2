/// An animal as seeded: its option, its number within the option (1, 2, …), its name and its resting place.
public struct FleetMember: Equatable, Sendable {
    public init(rideOptionID: String, number: Int, name: String, restingPlace: Location) {
        self.rideOptionID = rideOptionID
        self.number = number
        self.name = name
        self.restingPlace = restingPlace
    }

    public let rideOptionID: String
    public let number: Int
    public let name: String
    public let restingPlace: Location
}

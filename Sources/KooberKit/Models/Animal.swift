/// One of Koober's animals: its option (a wallabee, wallaroo or kangaroo), its name, and where it stands.
public struct Animal: Equatable, Sendable {
    public let id: AnimalID
    public let name: String
    public let rideOptionID: String
    /// Where it stands while free: its resting place at first, then wherever its last ride left it.
    public let location: Location

    public init(id: AnimalID, name: String, rideOptionID: String, location: Location) {
        self.id = id
        self.name = name
        self.rideOptionID = rideOptionID
        self.location = location
    }
}

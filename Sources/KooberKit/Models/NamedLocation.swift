/// A place Koober knows by name: a drop-off choice.
public struct NamedLocation: Equatable, Sendable {
    public let id: PlaceID
    public let name: String
    public let location: Location

    public init(id: PlaceID, name: String, location: Location) {
        self.id = id
        self.name = name
        self.location = location
    }
}

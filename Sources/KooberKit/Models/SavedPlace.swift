/// One of a rider's saved places: a label and the place it names.
public struct SavedPlace: Equatable, Sendable {
    public let label: SavedPlaceLabel
    public let place: NamedLocation

    public init(label: SavedPlaceLabel, place: NamedLocation) {
        self.label = label
        self.place = place
    }
}

/// What the drop-off picker lists: with the search empty, the rider's saved places and recent drop-offs, then every
/// place; with a search, the places matching it (those whose label matches first), and no sections of their own.
public struct DropoffChoices: Equatable, Sendable {
    public let saved: [SavedPlace]
    public let recent: [NamedLocation]
    public let places: [NamedLocation]

    public init(saved: [SavedPlace], recent: [NamedLocation], places: [NamedLocation]) {
        self.saved = saved
        self.recent = recent
        self.places = places
    }
}

/// Where To?'s shortcuts as place ids (`SavedPlaceRepository.dropoffShortcuts`): the rider's saved labels, each with
/// its place's id, in `savedPlaces`' order, and the ids of their recent drop-offs, newest first. The picker has read
/// every place already and maps the ids onto them, so neither list reads a place of its own.
public struct DropoffShortcuts: Equatable, Sendable {
    /// A saved label and the id of the place it names.
    public struct Saved: Equatable, Sendable {
        public let label: SavedPlaceLabel
        public let placeID: PlaceID

        public init(label: SavedPlaceLabel, placeID: PlaceID) {
            self.label = label
            self.placeID = placeID
        }
    }

    public let saved: [Saved]
    public let recent: [PlaceID]

    public init(saved: [Saved], recent: [PlaceID]) {
        self.saved = saved
        self.recent = recent
    }
}

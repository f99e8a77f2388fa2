/// The drop-off picker's lists (`DropoffChoices`): the search of `SearchDropoffLocationsUseCase`, the rider's saved
/// places and recent drop-offs; a search also finds a place by the rider's label for it ("home" finds Home's place).
public struct LoadDropoffChoicesUseCase: Sendable {
    let search: SearchDropoffLocationsUseCase
    let savedPlaces: LoadSavedPlacesUseCase

    public init(search: SearchDropoffLocationsUseCase, savedPlaces: LoadSavedPlacesUseCase) {
        self.search = search
        self.savedPlaces = savedPlaces
    }

    /// Throws `SearchDropoffLocationsError` for a search too long to run. The saved places and recent drop-offs come
    /// as ids and are found among the places the search reads anyway (docs/performance.md, *Where To?*).
    public func run() async throws -> DropoffChoices {
        let places = try await search.places()
        let isSearch = !search.query.allSatisfy(\.isWhitespace)
        let shortcuts = try await savedPlaces.shortcuts(withRecent: !isSearch)
        func place(_ id: PlaceID) -> NamedLocation? { places.first { $0.id == id } }
        let saved = shortcuts.saved.compactMap { saved in
            place(saved.placeID).map { SavedPlace(label: saved.label, place: $0) }
        }
        let byName = search.results(in: places)
        guard isSearch else {
            return DropoffChoices(saved: saved, recent: shortcuts.recent.compactMap(place), places: byName)
        }
        let byLabel = saved.filter { PlaceSearch.matches(search.query, text: $0.label.text) }.map(\.place)
        var seen = Set<PlaceID>()
        let matches = (byLabel + byName).filter { seen.insert($0.id).inserted }
        return DropoffChoices(saved: [], recent: [], places: matches)
    }
}

/// The drop-off picker's lists (`DropoffChoices`): the search of `SearchDropoffLocationsUseCase`, the rider's saved
/// places and recent drop-offs; a search also finds a place by the rider's label for it ("home" finds Home's place).
public struct LoadDropoffChoicesUseCase: Sendable {
    let search: SearchDropoffLocationsUseCase
    let savedPlaces: LoadSavedPlacesUseCase

    public init(search: SearchDropoffLocationsUseCase, savedPlaces: LoadSavedPlacesUseCase) {
        self.search = search
        self.savedPlaces = savedPlaces
    }

    /// Throws `SearchDropoffLocationsError` for a search too long to run.
    public func run() async throws -> DropoffChoices {
        let byName = try await search.run()
        let saved = try await savedPlaces.run()
        guard search.query.allSatisfy(\.isWhitespace) else {
            let byLabel = saved.filter { PlaceSearch.matches(search.query, text: $0.label.text) }.map(\.place)
            var seen = Set<PlaceID>()
            let places = (byLabel + byName).filter { seen.insert($0.id).inserted }
            return DropoffChoices(saved: [], recent: [], places: places)
        }
        return DropoffChoices(saved: saved, recent: try await savedPlaces.recentDropoffs(), places: byName)
    }
}

/// Lists the places matching what the rider typed, best first (`PlaceSearch`); a search over `FieldLimit.search` is
/// refused unread, so a huge query costs nothing to match.
public struct SearchDropoffLocationsUseCase: Sendable {
    let query: String
    let pickupLocation: Location
    let placeRepository: any PlaceRepository

    public init(query: String, pickupLocation: Location, placeRepository: any PlaceRepository) {
        self.query = query
        self.pickupLocation = pickupLocation
        self.placeRepository = placeRepository
    }

    /// Throws `SearchDropoffLocationsError` for a search too long to run.
    public func run() async throws -> [NamedLocation] {
        results(in: try await places())
    }

    /// Every place, to search through; throws `SearchDropoffLocationsError` for a search too long to run, unread.
    func places() async throws -> [NamedLocation] {
        if case .tooLong(let limit)? = FieldLimit.search.problem(with: query) {
            throw SearchDropoffLocationsError.queryTooLong(limit)  // its characters, or its bytes
        }
        return try await placeRepository.allPlaces()
    }

    /// The search's results among `places`.
    func results(in places: [NamedLocation]) -> [NamedLocation] {
        PlaceSearch.results(for: query, in: places, near: pickupLocation)
    }
}

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

    public func run() async throws -> Result<[NamedLocation], ErrorMessage> {
        if let problem = FieldLimit.search.problem(with: query) {
            return .failure(ErrorMessage(title: "Search Too Long", message: problem, fieldErrors: ["q": problem]))
        }
        let places = try await placeRepository.allPlaces()
        return .success(PlaceSearch.results(for: query, in: places, near: pickupLocation))
    }
}

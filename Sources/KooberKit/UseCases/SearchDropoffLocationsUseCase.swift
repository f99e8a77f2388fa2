/// Lists the places matching what the rider typed, best first (`PlaceSearch`).
public struct SearchDropoffLocationsUseCase: Sendable {
    let query: String
    let pickupLocation: Location
    let placeRepository: any PlaceRepository

    public init(query: String, pickupLocation: Location, placeRepository: any PlaceRepository) {
        self.query = query
        self.pickupLocation = pickupLocation
        self.placeRepository = placeRepository
    }

    public func run() async throws -> [NamedLocation] {
        PlaceSearch.results(for: query, in: try await placeRepository.allPlaces(), near: pickupLocation)
    }
}

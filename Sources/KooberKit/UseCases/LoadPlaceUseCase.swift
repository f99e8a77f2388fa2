/// One of Koober's places by its id (Save's page names the place it saves).
public struct LoadPlaceUseCase: Sendable {
    let placeID: PlaceID
    let placeRepository: any PlaceRepository

    public init(placeID: PlaceID, placeRepository: any PlaceRepository) {
        self.placeID = placeID
        self.placeRepository = placeRepository
    }

    /// `nil` for a place Koober doesn't know.
    public func run() async throws -> NamedLocation? {
        try await placeRepository.place(id: placeID)
    }
}

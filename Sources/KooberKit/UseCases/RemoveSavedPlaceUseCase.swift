/// Removes one of the rider's saved places.
public struct RemoveSavedPlaceUseCase: Sendable {
    let userID: UserID
    let label: String
    let savedPlaceRepository: any SavedPlaceRepository

    /// `label`: the saved place's label, as the request names it.
    public init(userID: UserID, label: String, savedPlaceRepository: any SavedPlaceRepository) {
        self.userID = userID
        self.label = label
        self.savedPlaceRepository = savedPlaceRepository
    }

    /// Throws `SavedPlaceError.noSuchLabel` when the rider has no place saved under that label.
    public func run() async throws {
        guard let label = try? SavedPlaceLabel(parsing: label),
            try await savedPlaceRepository.remove(userID: userID, label: label)
        else { throw SavedPlaceError.noSuchLabel }
    }
}

/// Saves a place under a label the rider typed (Home, Work or their own); saving a label again moves it.
public struct SavePlaceUseCase: Sendable {
    let userID: UserID
    let label: String
    let placeID: PlaceID?
    let savedPlaceRepository: any SavedPlaceRepository

    /// `placeID` is `nil` when the request named no place or not a number.
    public init(userID: UserID, label: String, placeID: PlaceID?, savedPlaceRepository: any SavedPlaceRepository) {
        self.userID = userID
        self.label = label
        self.placeID = placeID
        self.savedPlaceRepository = savedPlaceRepository
    }

    /// Throws `SavedPlaceError`: the label's problem, an unknown place, or one own label too many.
    @discardableResult
    public func run() async throws -> SavedPlaceLabel {
        let label = try SavedPlaceLabel.typed(self.label)
        guard let placeID else { throw SavedPlaceError.unknownPlace }
        try await savedPlaceRepository.save(userID: userID, label: label, placeID: placeID)
        return label
    }
}

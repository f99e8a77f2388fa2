/// Gives one of the rider's saved places another label.
public struct RenameSavedPlaceUseCase: Sendable {
    let userID: UserID
    let label: String
    let newLabel: String
    let savedPlaceRepository: any SavedPlaceRepository

    /// `label`: the label the place has now, as the request names it; `newLabel`: what the rider typed.
    public init(userID: UserID, label: String, newLabel: String, savedPlaceRepository: any SavedPlaceRepository) {
        self.userID = userID
        self.label = label
        self.newLabel = newLabel
        self.savedPlaceRepository = savedPlaceRepository
    }

    /// Throws `SavedPlaceError`: the new label's problem, no such label, a label the rider already has, or one own
    /// label too many.
    @discardableResult
    public func run() async throws -> SavedPlaceLabel {
        let newLabel = try SavedPlaceLabel.typed(self.newLabel)
        guard let label = try? SavedPlaceLabel(parsing: label) else { throw SavedPlaceError.noSuchLabel }
        try await savedPlaceRepository.rename(userID: userID, label: label, to: newLabel)
        return newLabel
    }
}

/// The rider's saved places (Home, Work, then their own labels) and, when asked, their recent drop-offs.
public struct LoadSavedPlacesUseCase: Sendable {
    /// How many recent drop-offs the picker shows (SPEC.md: the last 5 distinct).
    public static let recentLimit = 5

    let userID: UserID
    let savedPlaceRepository: any SavedPlaceRepository

    public init(userID: UserID, savedPlaceRepository: any SavedPlaceRepository) {
        self.userID = userID
        self.savedPlaceRepository = savedPlaceRepository
    }

    public func run() async throws -> [SavedPlace] {
        try await savedPlaceRepository.savedPlaces(userID: userID)
    }

    /// The last `recentLimit` distinct drop-offs of the rider's rides, newest first.
    public func recentDropoffs() async throws -> [NamedLocation] {
        try await savedPlaceRepository.recentDropoffs(userID: userID, limit: Self.recentLimit)
    }

    /// The saved places and (when `withRecent`) the recent drop-offs, as place ids, in one read where the store can.
    func shortcuts(withRecent: Bool) async throws -> DropoffShortcuts {
        try await savedPlaceRepository.dropoffShortcuts(userID: userID, recentLimit: withRecent ? Self.recentLimit : 0)
    }
}

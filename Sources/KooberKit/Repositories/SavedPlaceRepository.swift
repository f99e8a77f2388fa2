/// Each rider's saved places (Home, Work and up to `SavedPlaceLabel.ownLabelsAllowed` labels of their own), one place
/// per label and each label once per rider, compared ignoring case (`SavedPlaceLabel.key`); and the rider's recent
/// drop-offs. A rider's saved places go with the rider.
public protocol SavedPlaceRepository: Sendable {
    /// The rider's saved places: Home, Work, then their own labels by key (`SavedPlaceLabel.listedBefore`).
    func savedPlaces(userID: UserID) async throws -> [SavedPlace]
    /// Saves `placeID` under `label`; a label the rider has moves to the place (saving Home again moves Home). Throws
    /// `SavedPlaceError.unknownPlace` for a place Koober doesn't know and `.tooManyOwnLabels` for a label of the
    /// rider's own beyond the allowed number, however many saves run at once.
    func save(userID: UserID, label: SavedPlaceLabel, placeID: PlaceID) async throws
    /// Gives the place saved under `label` the label `newLabel` (the same label in another case is a change of
    /// spelling). Throws `SavedPlaceError.noSuchLabel` when the rider has no `label`, `.labelTaken` when they already
    /// have `newLabel` on another place, `.tooManyOwnLabels` when Home or Work would become one too many of their own.
    func rename(userID: UserID, label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) async throws
    /// Removes the place saved under `label`; whether there was one.
    @discardableResult
    func remove(userID: UserID, label: SavedPlaceLabel) async throws -> Bool
    /// The last `limit` distinct drop-offs of the rider's rides, whatever their status, newest first (by the latest
    /// ride to each, when requested; places whose latest rides share a second by id). Read by an index, so its cost
    /// grows with the number of places, not with the rider's rides.
    func recentDropoffs(userID: UserID, limit: Int) async throws -> [NamedLocation]
    /// What `savedPlaces` and `recentDropoffs` (with `recentLimit`) answer, as place ids: for Where To?, which has the
    /// places already. A store may read both in one go and skip reading places.
    func dropoffShortcuts(userID: UserID, recentLimit: Int) async throws -> DropoffShortcuts
}

extension SavedPlaceRepository {
    /// From `savedPlaces` and `recentDropoffs`: for stores where that costs no more (one in memory, or a server whose
    /// round trips cost more than reading a few places).
    public func dropoffShortcuts(userID: UserID, recentLimit: Int) async throws -> DropoffShortcuts {
        let saved = try await savedPlaces(userID: userID)
        let recent = recentLimit > 0 ? try await recentDropoffs(userID: userID, limit: recentLimit) : []
        return DropoffShortcuts(
            saved: saved.map { DropoffShortcuts.Saved(label: $0.label, placeID: $0.place.id) }, recent: recent.map(\.id)
        )
    }
}

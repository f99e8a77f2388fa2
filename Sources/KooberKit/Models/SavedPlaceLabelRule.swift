/// The limits on a rider's labels, decided from the keys of the labels the rider has (`saved_places.label_key`, read in
/// the writing transaction): every store applies this one rule (`SavedPlaceRepository.save` and `.rename`) and only
/// reads and writes. Each label is kept once per rider by its key (`SavedPlaceLabel.key`); at most
/// `SavedPlaceLabel.ownLabelsAllowed` of the rider's own besides Home and Work.
public struct SavedPlaceLabelRule: Equatable, Sendable {
    /// The keys of the labels the rider has.
    public let storedKeys: Set<String>

    public init(storedKeys: some Sequence<String>) {
        self.storedKeys = Set(storedKeys)
    }

    /// Why saving a place under `label` is refused, if it is: a label the rider has is moved to the place, so only a
    /// new label of the rider's own beyond the limit is (`tooManyOwnLabels`).
    public func refusalToSave(_ label: SavedPlaceLabel) -> SavedPlaceError? {
        if label.isOwn, !storedKeys.contains(label.key), ownCount >= SavedPlaceLabel.ownLabelsAllowed {
            return .tooManyOwnLabels
        }
        return nil
    }

    /// Why renaming `label` to `newLabel` is refused, if it is: a label the rider does not have (`noSuchLabel`); one
    /// onto another label the rider has (`labelTaken`; a rename that changes only the case or spelling keeps the key
    /// and is allowed); Home or Work renamed to a label of the rider's own beyond the limit (`tooManyOwnLabels`).
    public func refusalToRename(_ label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) -> SavedPlaceError? {
        guard storedKeys.contains(label.key) else { return .noSuchLabel }
        guard newLabel.key != label.key else { return nil }
        if storedKeys.contains(newLabel.key) { return .labelTaken }
        if newLabel.isOwn, !label.isOwn, ownCount >= SavedPlaceLabel.ownLabelsAllowed { return .tooManyOwnLabels }
        return nil
    }

    /// How many of the rider's labels are their own (not Home's or Work's key).
    private var ownCount: Int {
        storedKeys.count(where: { $0 != SavedPlaceLabel.home.key && $0 != SavedPlaceLabel.work.key })
    }
}

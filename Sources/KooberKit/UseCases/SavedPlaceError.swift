/// Why a saved place could not be saved, renamed or removed: what the rider is told and can fix.
public enum SavedPlaceError: Error, Equatable, Sendable {
    /// The label typed is empty, too long, or holds a control character.
    case label(SavedPlaceLabelProblem)
    /// The place is not one Koober knows (a forged or stale id).
    case unknownPlace
    /// The rider already has `SavedPlaceLabel.ownLabelsAllowed` labels of their own besides Home and Work.
    case tooManyOwnLabels
    /// A rename onto a label the rider already has (another place's).
    case labelTaken
    /// The rider has no place saved under that label.
    case noSuchLabel
}

extension SavedPlaceLabel {
    /// The label a rider typed, or its problem as `SavedPlaceError.label` (Save's and Rename's).
    static func typed(_ text: String) throws(SavedPlaceError) -> SavedPlaceLabel {
        do {
            return try SavedPlaceLabel(parsing: text)
        } catch {
            throw .label(error)
        }
    }
}

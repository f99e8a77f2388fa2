import KooberKit

/// Saved Places (`/places/saved`): each saved place under its label with a **Rename** form (the new label in a field
/// of its own) and **Remove**; the error panel, and a rename's problem beside its row's field, when a change failed.
struct SavedPlacesViewState: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        /// The label as stored: what Rename and Remove send.
        let label: String
        /// The label as the rider reads it (`SavedPlaceLabel.shown`).
        let shownLabel: String
        let placeName: String
        let fieldID: String
        let newLabel: String
        let problem: String?
    }

    let csrfToken: String
    let rows: [Row]
    let none: Bool
    let newLabelLimit = SavedPlaceLabel.limit.maximum
    let error: ErrorMessage?
    let renameAction = Route.renameSavedPlace.path
    let removeAction = Route.removeSavedPlace.path
    let pickerPath = Route.dropoffPicker.path
    let profilePath = Route.profile.path

    /// `failedRename`: the label whose rename failed, and the new label typed, kept in that row's field.
    init(
        places: [SavedPlace], csrfToken: String, error: ErrorMessage? = nil,
        failedRename: (label: String, newLabel: String)? = nil, _ words: Words
    ) {
        self.csrfToken = csrfToken
        self.error = error
        let failedKey = failedRename.flatMap { try? SavedPlaceLabel(parsing: $0.label).key }
        let problem = error?.fieldErrors[FormFieldName.newLabel.rawValue]
        rows = places.enumerated().map { index, saved in
            let failed = saved.label.key == failedKey
            return Row(
                label: saved.label.text, shownLabel: saved.label.shown(words), placeName: saved.place.name,
                fieldID: "rename-\(index + 1)",
                newLabel: failed
                    ? String((failedRename?.newLabel ?? "").prefix(SavedPlaceLabel.limit.maximum + 10)) : "",
                problem: failed ? problem : nil)
        }
        none = places.isEmpty
    }
}

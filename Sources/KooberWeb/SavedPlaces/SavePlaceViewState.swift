import KooberKit

/// Save (`/places/saved/new?place=<id>`): the place, a choice of **Home**, **Work** or a label of the rider's own
/// typed in a field, and **Save**; with the error panel and the label's problem beside its field when saving failed.
struct SavePlaceViewState: Sendable, Encodable {
    struct Choice: Sendable, Encodable {
        let value: String
        let label: String
        let id: String
        let checked: Bool
    }

    let csrfToken: String
    let placeID: String
    let placeName: String
    let choices: [Choice]
    let ownLabel: String
    let ownLabelLimit = SavedPlaceLabel.limit.maximum
    let profilePath = Route.profile.path
    let error: ErrorMessage?
    let labelProblem: String?
    let action = Route.submitNewSavedPlace.path
    let cancelPath = Route.dropoffPicker.path

    init(
        place: NamedLocation, csrfToken: String, choice: String? = nil, ownLabel: String = "", error: ErrorMessage?,
        _ words: Words
    ) {
        self.csrfToken = csrfToken
        placeID = String(place.id.rawValue)
        placeName = place.name
        let chosen = choice.flatMap(SavedPlaceLabelChoice.init(rawValue:))
        choices = SavedPlaceLabelChoice.allCases.map { choice in
            Choice(
                value: choice.rawValue, label: choice.title(words), id: "label-\(choice.rawValue)",
                checked: chosen == choice)
        }
        // What was typed goes back in its field, cut to a little over the limit (a huge post is not echoed whole).
        self.ownLabel = String(ownLabel.prefix(SavedPlaceLabel.limit.maximum + 10))
        self.error = error
        labelProblem = error?.fieldErrors[FormFieldName.ownLabel.rawValue]
    }
}

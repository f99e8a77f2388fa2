import KooberKit

/// Where To?: the search as typed; with it empty, the rider's **Saved** places (each under its label) and **Recent**
/// drop-offs, then **All places**; each place a button with its distance from the pick-up, and in the list of places
/// a **Save** link. The buttons share one form (one CSRF token on the page): the button pressed sends its place's id.
struct DropoffPickerViewState: Sendable, Encodable {
    let csrfToken: String
    let query: String
    /// Each section's rows, their markup (`DropoffPlaceRow`), which the template writes as it is.
    let savedRows: String
    let recentRows: String
    let placeRows: String
    let hasSaved: Bool
    let hasRecent: Bool
    /// Whether the Saved, Recent and All places headings show (the search is empty).
    let sections: Bool
    let noMatches: Bool
    let error: ErrorMessage?
    /// What is wrong with the search itself (too long), shown beside the field.
    let searchProblem: String?
    let searchAction = Route.dropoffPicker.path
    let selectAction = Route.selectDropoff.path
    let cancelPath = Route.ride.path
    let profilePath = Route.profile.path

    /// `templates` renders the rows' partials.
    init(
        query: String, choices: DropoffChoices, pickupLocation: Location, csrfToken: String, error: ErrorMessage?,
        templates: TemplateRenderer
    ) {
        self.csrfToken = csrfToken
        self.query = query
        self.error = error
        func html(_ rows: [DropoffPlaceRow]) -> String { DropoffPlaceRow.html(rows, templates: templates) }
        savedRows = html(
            // One place may be saved under several labels: each saved row is told apart by its place in the list.
            choices.saved.enumerated().map { index, saved in
                DropoffPlaceRow(
                    saved.place, label: saved.label.shown(templates.words), section: .saved, position: index,
                    from: pickupLocation)
            }
        )
        recentRows = html(choices.recent.map { DropoffPlaceRow($0, section: .recent, from: pickupLocation) })
        placeRows = html(choices.places.map { DropoffPlaceRow($0, section: .all, from: pickupLocation) })
        hasSaved = !choices.saved.isEmpty
        hasRecent = !choices.recent.isEmpty
        sections = query.allSatisfy(\.isWhitespace)
        searchProblem = error?.fieldErrors["q"]
        noMatches = choices.places.isEmpty && searchProblem == nil
    }
}

import Foundation
import KooberKit

/// Where To?: the search as typed; with it empty, the rider's **Saved** places (each under its label) and **Recent**
/// drop-offs, then **All places**; each place a button with its distance from the pick-up, and in the list of places
/// a **Save** link.
struct DropoffPickerViewState: Sendable, Encodable {
    struct Place: Sendable, Encodable {
        let id: String
        let name: String
        let distance: String
        /// Its label, in Saved.
        let label: String?
        /// Save's page for it, in the list of places.
        let savePath: String
        /// What makes its button's id and its distance's unique on the page (a place may be in each section).
        let section: String
    }

    let csrfToken: String
    let query: String
    let saved: [Place]
    let recent: [Place]
    let places: [Place]
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

    init(query: String, choices: DropoffChoices, pickupLocation: Location, csrfToken: String, error: ErrorMessage?) {
        self.csrfToken = csrfToken
        self.query = query
        self.error = error
        func row(_ place: NamedLocation, label: String? = nil, section: String) -> Place {
            Place(
                id: String(place.id.rawValue), name: place.name,
                distance: String(format: "%.1f km", pickupLocation.kilometres(to: place.location)), label: label,
                savePath: Route.newSavedPlacePath(for: place.id), section: section)
        }
        // One place may be saved under several labels: each saved row is told apart by its place in the list.
        saved = choices.saved.enumerated().map { index, saved in
            row(saved.place, label: saved.label.text, section: "saved-\(index)")
        }
        recent = choices.recent.map { row($0, section: "recent") }
        places = choices.places.map { row($0, section: "all") }
        hasSaved = !saved.isEmpty
        hasRecent = !recent.isEmpty
        sections = query.allSatisfy(\.isWhitespace)
        searchProblem = error?.fieldErrors["q"]
        noMatches = places.isEmpty && searchProblem == nil
    }
}

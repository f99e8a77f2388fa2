import Foundation
import KooberKit

/// Where To?: the search as typed, and the places as buttons with their distance from the pick-up.
struct DropoffPickerViewState: Sendable, Encodable {
    struct Place: Sendable, Encodable {
        let id: String
        let name: String
        let distance: String
    }

    let csrfToken: String
    let query: String
    let places: [Place]
    let noMatches: Bool
    let error: ErrorMessage?
    /// What is wrong with the search itself (too long), shown beside the field.
    let searchProblem: String?
    let searchAction = Route.dropoffPicker.path
    let selectAction = Route.selectDropoff.path
    let cancelPath = Route.ride.path

    init(query: String, places: [NamedLocation], pickupLocation: Location, csrfToken: String, error: ErrorMessage?) {
        self.csrfToken = csrfToken
        self.query = query
        self.error = error
        self.places = places.map { place in
            Place(
                id: String(place.id.rawValue), name: place.name,
                distance: String(format: "%.1f km", pickupLocation.kilometres(to: place.location))
            )
        }
        searchProblem = error?.fieldErrors["q"]
        noMatches = places.isEmpty && searchProblem == nil
    }
}

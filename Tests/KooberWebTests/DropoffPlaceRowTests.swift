import Foundation
import KooberKit
import Mustache
import TestKit
import Testing

@testable import KooberWeb

/// Where To?'s rows are rendered once and kept (`DropoffPlaceRow`): the page must be byte for byte what rendering every
/// row's partial in the page gives, and the distances what `String(format: "%.1f km")` wrote.
@Suite struct DropoffPlaceRowTests {
    /// The picker's context the plain way: every row a value the page template renders.
    private struct PlainPicker {
        struct Row {
            let id: String
            let name: String
            let distance: String
            let label: String?
            let savePath: String
            let section: String
            let position: Int?
        }

        let csrfToken: String
        let query = ""
        let saved: [Row]
        let recent: [Row]
        let places: [Row]
        let hasSaved: Bool
        let hasRecent: Bool
        let sections = true
        let noMatches = false
        let error: ErrorMessage? = nil
        let searchProblem: String? = nil
        let searchAction = Route.dropoffPicker.path
        let selectAction = Route.selectDropoff.path
        let cancelPath = Route.ride.path
        let profilePath = Route.profile.path

        init(choices: DropoffChoices, pickup: Location, csrfToken: String) {
            func row(_ place: NamedLocation, label: String? = nil, section: String, position: Int? = nil) -> Row {
                Row(
                    id: String(place.id.rawValue), name: place.name,
                    distance: String(format: "%.1f km", pickup.kilometres(to: place.location)), label: label,
                    savePath: Route.newSavedPlacePath(for: place.id), section: section, position: position)
            }
            self.csrfToken = csrfToken
            saved = choices.saved.enumerated().map { index, saved in
                row(saved.place, label: saved.label.text, section: "saved", position: index)
            }
            recent = choices.recent.map { row($0, section: "recent") }
            places = choices.places.map { row($0, section: "all") }
            hasSaved = !saved.isEmpty
            hasRecent = !recent.isEmpty
        }
    }

    @Test func thePickerWithSavedAndRecentPlacesIsTheMarkupOfEveryRowRenderedInThePage() async throws {
        let pageTemplate = try #require(try MustacheLibrary.boundTemplates(.english)["dropoff-picker"])
        // The page as it was: each section a list of rows, each row its partial rendered with the page's context.
        var plainTemplate = pageTemplate
        for (rows, list, partial) in [
            ("savedRows", "saved", "dropoff-saved-row"), ("recentRows", "recent", "dropoff-recent-row"),
            ("placeRows", "places", "dropoff-place-row"),
        ] {
            let tag = "{{{\(rows)}}}"
            #expect(plainTemplate.contains(tag))
            plainTemplate = plainTemplate.replacingOccurrences(
                of: tag, with: "{{#\(list)}}\n{{>\(partial)}}\n{{/\(list)}}\n")
        }
        var library = try await MustacheLibrary.koober()
        try library.register(plainTemplate, named: "dropoff-picker-plain")
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let places = SydneyPlaces.all
        let choices = DropoffChoices(
            saved: [
                SavedPlace(label: .home, place: places[3]), SavedPlace(label: .work, place: places[0]),
                SavedPlace(label: .own("<Mum's> & \"Dad's\""), place: places[7]),
                SavedPlace(label: .own(places[2].name), place: places[9]),
                SavedPlace(label: .own("Gym"), place: places[3]),
            ],
            recent: [places[0], places[11], places[2], places[30], places[5]], places: places)
        for (pickup, token) in [(places[4], "tok-1"), (places[20], "tok-2&\"<'>"), (places[4], "tok-3")] {
            let viewState = DropoffPickerViewState(
                query: "", choices: choices, pickupLocation: pickup.location, csrfToken: token, error: nil,
                templates: renderer)
            let plain = PlainPicker(choices: choices, pickup: pickup.location, csrfToken: token)
            let expected = try #require(library.render(plain, withTemplate: "dropoff-picker-plain"))
            let page = renderer.render(.dropoffPicker, viewState)
            #expect(page == expected)
            // One form for every row: the page's token once, each button sending its place.
            #expect(page.components(separatedBy: #"name="csrf_token""#).count == 2)
            let placeButton = #"<button class="place-button" type="submit" name="place_id""#
            #expect(page.components(separatedBy: placeButton).count == 43)
            #expect(page.contains(#"<ul class="place-list saved-list" aria-labelledby="saved-title">"#))
            #expect(page.contains(#"<span class="visually-hidden">Recent: </span>"#))
            // Home and Gym are one place: their rows' ids differ.
            let home = "place-saved-0-\(places[3].id.rawValue)-distance"
            let gym = "place-saved-4-\(places[3].id.rawValue)-distance"
            #expect(page.contains(home) && page.contains(gym))
        }
    }

    @Test func kilometresAreWrittenToATenthRoundedHalfUp() {
        #expect(Kilometres(0).description == "0.0 km")
        #expect(Kilometres(0.04).description == "0.0 km")
        #expect(Kilometres(0.05).description == "0.1 km")
        #expect(Kilometres(0.95).description == "1.0 km")
        #expect(Kilometres(9.95).description == "10.0 km")
        #expect(Kilometres(9.94).description == "9.9 km")
        #expect(Kilometres(12.0).description == "12.0 km")
        #expect(Kilometres(12.0).number == "12.0")
        #expect(Kilometres(123.456).description == "123.5 km")
        #expect(Kilometres(-1).description == "0.0 km")
        #expect(Kilometres(.nan).tenths == 10_000_000_000)
        #expect(Kilometres(.infinity).tenths == 10_000_000_000)
    }

    @Test func kilometresBetweenKoobersPlacesAreWhatStringFormatWrote() {
        for from in SydneyPlaces.all {
            for to in SydneyPlaces.all {
                let kilometres = from.location.kilometres(to: to.location)
                #expect(Kilometres(kilometres).description == String(format: "%.1f km", kilometres))
            }
        }
    }
}

import HTTPServer
import KooberKit
import NIOHTTP1

/// Saved Places (`GET /places/saved`, with Rename and Remove) and Save (`GET`/`POST /places/saved/new`). A saved place
/// goes back to the drop-off picker, where it shows under Saved; a rename or a removal comes back to Saved Places. A
/// label's problem, a ninth label of the rider's own or a label taken shows the page again with it (422); a place
/// Koober doesn't know, on Save's page or in its form, is the 404 page.
struct SavedPlacesScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let useCaseFactory: any SavedPlacesUseCaseFactory

    func show(
        error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok,
        failedRename: (label: String, newLabel: String)? = nil
    ) async throws -> Response {
        let places = try await useCaseFactory.makeLoadSavedPlacesUseCase().run()
        let viewState = SavedPlacesViewState(
            places: places, csrfToken: csrfToken, error: error, failedRename: failedRename, templates.words)
        return templates.response(.savedPlaces, viewState, status: status)
    }

    /// Save's page for a place; `placeID` is `nil` when the address named none or not a number.
    func showNew(placeID: PlaceID?) async throws -> Response {
        guard let placeID, let place = try await useCaseFactory.makeLoadPlaceUseCase(placeID: placeID).run() else {
            return notFound()
        }
        return templates.response(
            .savePlace, SavePlaceViewState(place: place, csrfToken: csrfToken, error: nil, templates.words))
    }

    func save(placeID: PlaceID?, choice: String?, ownLabel: String) async throws -> Response {
        let label = SavedPlaceLabelChoice.label(choice: choice, ownLabel: ownLabel)
        do {
            try await useCaseFactory.makeSavePlaceUseCase(label: label, placeID: placeID).run()
            return .redirect(to: Route.dropoffPicker.path)
        } catch let error as SavedPlaceError {
            guard let placeID, error != .unknownPlace,
                let place = try await useCaseFactory.makeLoadPlaceUseCase(placeID: placeID).run()
            else { return notFound() }
            let viewState = SavePlaceViewState(
                place: place, csrfToken: csrfToken, choice: choice, ownLabel: ownLabel,
                error: error.errorMessage(labelField: FormFieldName.ownLabel.rawValue, templates.words), templates.words
            )
            return templates.response(.savePlace, viewState, status: .unprocessableEntity)
        }
    }

    func rename(label: String, newLabel: String) async throws -> Response {
        do {
            try await useCaseFactory.makeRenameSavedPlaceUseCase(label: label, newLabel: newLabel).run()
            return .redirect(to: Route.savedPlaces.path)
        } catch let error as SavedPlaceError {
            return try await show(
                error: error.errorMessage(labelField: FormFieldName.newLabel.rawValue, templates.words),
                status: error == .noSuchLabel ? .notFound : .unprocessableEntity, failedRename: (label, newLabel))
        }
    }

    func remove(label: String) async throws -> Response {
        do {
            try await useCaseFactory.makeRemoveSavedPlaceUseCase(label: label).run()
            return .redirect(to: Route.savedPlaces.path)
        } catch let error as SavedPlaceError {
            return try await show(
                error: error.errorMessage(labelField: FormFieldName.savedLabel.rawValue, templates.words),
                status: .notFound)
        }
    }

    private func notFound() -> Response {
        ErrorPages(templates: templates).response(.notFound)
    }
}

import HTTPServer
import KooberKit
import NIOHTTP1

/// Where To?: searches the places and chooses the drop-off.
struct DropoffPickerScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let pickupLocation: Location
    let useCaseFactory: any DropoffPickerUseCaseFactory

    /// The places matching `query` (all of them, nearest first, when it is empty); a search too long to run is kept
    /// in its field with its error, and no places.
    func show(query: String, error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let places: [NamedLocation]
        var (error, status) = (error, status)
        do {
            places = try await useCaseFactory.makeSearchDropoffLocationsUseCase(query: query).run()
        } catch let searchError as SearchDropoffLocationsError {
            (places, error, status) = ([], searchError.errorMessage, .unprocessableEntity)
        }
        let viewState = DropoffPickerViewState(
            query: query, places: places, pickupLocation: pickupLocation, csrfToken: csrfToken, error: error
        )
        return templates.response(.dropoffPicker, viewState, status: status)
    }

    /// `dropoffLocationID` is `nil` when the form named no place or not a number.
    func select(dropoffLocationID: PlaceID?) async throws -> Response {
        guard let dropoffLocationID else {
            return try await show(
                query: "", error: SelectDropoffLocationError.unknownPlace.errorMessage, status: .unprocessableEntity)
        }
        do {
            try await useCaseFactory.makeSelectDropoffLocationUseCase(placeID: dropoffLocationID).run()
            return .redirect(to: Route.ride.path)
        } catch let error as SelectDropoffLocationError {
            let status: HTTPResponseStatus = error == .rideInProgress ? .conflict : .unprocessableEntity
            return try await show(query: "", error: error.errorMessage, status: status)
        }
    }
}

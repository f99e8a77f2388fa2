import HTTPServer
import KooberKit
import NIOHTTP1

/// Where To?: searches the places and chooses the drop-off.
struct DropoffPickerScreen: DropoffPickerIxResponder {
    let templates: TemplateRenderer
    let csrfToken: String
    let pickupLocation: Location
    let useCaseFactory: any DropoffPickerUseCaseFactory

    /// The places matching `query` (all of them, nearest first, when it is empty); a search too long to run is kept
    /// in its field with its error, and no places.
    func show(query: String, error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let places: [NamedLocation]
        var (error, status) = (error, status)
        switch try await useCaseFactory.makeSearchDropoffLocationsUseCase(query: query).run() {
        case .success(let found):
            places = found
        case .failure(let searchError):
            (places, error, status) = ([], searchError, .unprocessableEntity)
        }
        let viewState = DropoffPickerViewState(
            query: query, places: places, pickupLocation: pickupLocation, csrfToken: csrfToken, error: error
        )
        return templates.response(.dropoffPicker, viewState, status: status)
    }

    func select(dropoffLocationID: PlaceID?) async throws -> Response {
        guard let dropoffLocationID else {
            return try await show(query: "", error: SelectDropoffLocationError.unknownPlace.errorMessage, status: .unprocessableEntity)
        }
        switch try await useCaseFactory.makeSelectDropoffLocationUseCase(placeID: dropoffLocationID).run() {
        case .success:
            return .redirect(to: Route.ride.path)
        case .failure(let error):
            let status: HTTPResponseStatus = error == .rideInProgress ? .conflict : .unprocessableEntity
            return try await show(query: "", error: error.errorMessage, status: status)
        }
    }
}

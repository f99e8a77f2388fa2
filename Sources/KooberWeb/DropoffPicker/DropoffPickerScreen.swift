import HTTPServer
import KooberKit
import NIOHTTP1

/// Where To?: searches the places (and the rider's labels), lists the rider's saved places and recent drop-offs, and
/// chooses the drop-off; Ride Again chooses a past ride's.
struct DropoffPickerScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let pickupLocation: Location
    let useCaseFactory: any DropoffPickerUseCaseFactory

    /// The places matching `query` or the rider's labels (all of them, nearest first, after the rider's saved places
    /// and recent drop-offs, when it is empty); a search too long to run is kept in its field with its error, and no
    /// places.
    func show(query: String, error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let choices: DropoffChoices
        var (error, status) = (error, status)
        do {
            choices = try await useCaseFactory.makeLoadDropoffChoicesUseCase(query: query).run()
        } catch let searchError as SearchDropoffLocationsError {
            choices = DropoffChoices(saved: [], recent: [], places: [])
            (error, status) = (searchError.errorMessage(templates.words), .unprocessableEntity)
        }
        let viewState = DropoffPickerViewState(
            query: query, choices: choices, pickupLocation: pickupLocation, csrfToken: csrfToken, error: error,
            templates: templates)
        return templates.response(.dropoffPicker, viewState, status: status)
    }

    /// `dropoffLocationID` is `nil` when the form named no place or not a number.
    func select(dropoffLocationID: PlaceID?) async throws -> Response {
        guard let dropoffLocationID else {
            return try await show(
                query: "", error: SelectDropoffLocationError.unknownPlace.errorMessage(templates.words),
                status: .unprocessableEntity)
        }
        do {
            try await useCaseFactory.makeSelectDropoffLocationUseCase(placeID: dropoffLocationID).run()
            return .redirect(to: Route.ride.path)
        } catch let error as SelectDropoffLocationError {
            let status: HTTPResponseStatus = error == .rideInProgress ? .conflict : .unprocessableEntity
            return try await show(query: "", error: error.errorMessage(templates.words), status: status)
        }
    }

    /// Ride Again: the ride's drop-off becomes the rider's choice and pick-me-up shows step 2 with fares worked out
    /// anew. Another rider's ride, or none, is the 404 page; with a ride in progress nothing changes and pick-me-up
    /// shows that ride.
    func rideAgain(rideID: RideID?) async throws -> Response {
        guard let rideID, let record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: rideID).run() else {
            return ErrorPages(templates: templates).response(.notFound)
        }
        do {
            try await useCaseFactory.makeSelectDropoffLocationUseCase(placeID: record.ride.dropoff.id).run()
        } catch SelectDropoffLocationError.rideInProgress {
            // The live ride is what pick-me-up shows.
        }
        return .redirect(to: Route.ride.path)
    }
}

import Foundation
import HTTPServer
import KooberKit

/// Koober Cloud's scheduled rides, through the pages' use cases: `GET /api/v1/rides/scheduled` (the upcoming ones,
/// soonest first), `POST` (201 with the booking; 422 naming the field at fault), `DELETE /api/v1/rides/scheduled/{id}`
/// (204; 404 for none or someone else's; 409 once it has started).
struct CloudScheduledRideResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    let useCaseFactory: any ScheduledRidesUseCaseFactory

    func upcoming() async throws -> Response {
        try CloudJSON.response(
            try await useCaseFactory.makeLoadUpcomingRidesUseCase().run().map(CloudScheduledRide.init))
    }

    func book(_ useCase: BookScheduledRideUseCase) async throws -> Response {
        do {
            return try CloudJSON.response(CloudScheduledRide(try await useCase.run()), status: .created)
        } catch let error as BookScheduledRideError {
            throw CloudError.rejected(
                error.errorMessage(words).naming(Self.field(of: error)),
                status: error == .accountLocked ? .forbidden : .unprocessableEntity)
        }
    }

    func cancel(id: ScheduledRideID?) async throws -> Response {
        guard let id else {
            throw CloudError.rejected(ScheduledRideRepositoryError.notFound.errorMessage(words), status: .notFound)
        }
        do {
            try await useCaseFactory.makeCancelScheduledRideUseCase(id: id).run()
            return Response(status: .noContent)
        } catch let error as ScheduledRideRepositoryError {
            throw CloudError.rejected(error.errorMessage(words), status: error == .notFound ? .notFound : .conflict)
        }
    }

    private static func field(of error: BookScheduledRideError) -> String? {
        switch error.field {
        case .rideOption: "rideOptionID"
        case .pickupDate: "pickupDate"
        case .pickupTime: "pickupTime"
        case nil:
            switch error {
            case .pickupOutsideSydney: "waypoints.pickupLocation"
            case .dropoff, .noDropoffChosen: "waypoints.dropoffLocation"
            default: nil
            }
        }
    }
}

import Foundation
import HTTPServer
import KooberKit

/// Koober Cloud's Rate Your Ride and Report a Problem (`POST /api/v1/rides/{id}/rating`, `/report`), through the
/// pages' use cases: 200 with the rating as stored, 204 for a report; 404 for a ride that is not the rider's or
/// cannot be rated or reported any more, 422 naming the fields at fault, 409 when the tip was given already, the
/// rating's 24 hours are over, or the ride has its report.
struct CloudRideFeedbackResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    /// The rating as stored: `{"stars", "compliments", "tipCents", "firstRatedAt"}`.
    struct Rating: Encodable {
        let stars: Int
        let compliments: [String]
        let tipCents: Int?
        let firstRatedAt: String

        init(_ rating: RideRating) {
            stars = rating.stars.value
            compliments = Compliment.allCases.filter(rating.compliments.contains).map(\.rawValue)
            tipCents = rating.tip?.cents.value
            firstRatedAt = rating.firstRatedAt.formatted(.iso8601)
        }
    }

    let useCaseFactory: any RideFeedbackUseCaseFactory

    func rate(rideID: RideID?, body: CloudRatingRequest) async throws -> Response {
        guard let rideID else { throw CloudError.notFound(words) }
        do {
            let rating = try await useCaseFactory.makeRateRideUseCase(rideID: rideID).run(
                stars: body.stars, compliments: body.compliments, tip: body.tipCents.map(TipChoice.cents) ?? .none)
            return try CloudJSON.response(Rating(rating))
        } catch let error as RideFeedbackError {
            throw cloudError(error)
        }
    }

    func report(rideID: RideID?, body: CloudReportRequest) async throws -> Response {
        guard let rideID else { throw CloudError.notFound(words) }
        do {
            _ = try await useCaseFactory.makeReportProblemUseCase(rideID: rideID).run(
                category: body.category, text: body.text)
            return Response(status: .noContent)
        } catch let error as RideFeedbackError {
            throw cloudError(error)
        }
    }

    private func cloudError(_ error: RideFeedbackError) -> CloudError {
        let message = error.errorMessage(words) { field in
            switch field {
            case .stars: "stars"
            case .compliments: "compliments"
            case .tip: "tipCents"
            case .category: "category"
            case .text: "text"
            }
        }
        return switch error {
        case .rideNotFound: CloudError.rejected(message, status: .notFound)
        case .invalid: CloudError.rejected(message)
        case .ratingClosed, .tipAlreadyGiven, .alreadyReported: CloudError.rejected(message, status: .conflict)
        }
    }
}

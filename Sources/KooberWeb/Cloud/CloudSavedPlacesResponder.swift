import HTTPServer
import KooberKit

/// Koober Cloud's saved places and Recent (`/api/v1/places/saved`, `/api/v1/places/recent`), through the pages' use
/// cases: the list (Home, Work, then the rider's own labels); a place saved under a label (`PUT`, moving the label
/// when the rider has it) or renamed (`PATCH`), answered with the saved place; a removal (`DELETE`, 204). A label's
/// problem or an unknown place is 422 naming `label` or `placeID`, a ninth label of the rider's own or a label taken
/// 409, a label the rider does not have 404.
struct CloudSavedPlacesResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    let useCaseFactory: any SavedPlacesUseCaseFactory

    func list() async throws -> Response {
        try CloudJSON.response(try await useCaseFactory.makeLoadSavedPlacesUseCase().run().map(CloudSavedPlace.init))
    }

    func recent() async throws -> Response {
        let recent = try await useCaseFactory.makeLoadSavedPlacesUseCase().recentDropoffs()
        return try CloudJSON.response(recent.map(CloudNamedLocation.init))
    }

    func save(body: CloudSavePlaceRequest) async throws -> Response {
        let label = try await answering {
            try await useCaseFactory.makeSavePlaceUseCase(label: body.label, placeID: PlaceID(body.placeID)).run()
        }
        return try await savedPlace(label)
    }

    /// `label`: as the path names it (`nil` when undecodable).
    func rename(label: String?, body: CloudRenameSavedPlaceRequest) async throws -> Response {
        guard let label else { throw CloudError.rejected(noSuchLabel, status: .notFound) }
        let newLabel = try await answering {
            try await useCaseFactory.makeRenameSavedPlaceUseCase(label: label, newLabel: body.label).run()
        }
        return try await savedPlace(newLabel)
    }

    func remove(label: String?) async throws -> Response {
        guard let label else { throw CloudError.rejected(noSuchLabel, status: .notFound) }
        try await answering { try await useCaseFactory.makeRemoveSavedPlaceUseCase(label: label).run() }
        return Response(status: .noContent)
    }

    private var noSuchLabel: ErrorMessage { SavedPlaceError.noSuchLabel.errorMessage(labelField: "label", words) }

    /// The saved place under `label` as it is now (404 should another request have removed it since).
    private func savedPlace(_ label: SavedPlaceLabel) async throws -> Response {
        let saved = try await useCaseFactory.makeLoadSavedPlacesUseCase().run()
        guard let place = saved.first(where: { $0.label.key == label.key }) else {
            throw CloudError.rejected(noSuchLabel, status: .notFound)
        }
        return try CloudJSON.response(CloudSavedPlace(place))
    }

    private func answering<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SavedPlaceError {
            let message = error.errorMessage(labelField: "label", words)
            throw switch error {
            case .label: CloudError.rejected(message)
            case .unknownPlace: CloudError.rejected(message.naming("placeID"))
            case .tooManyOwnLabels, .labelTaken: CloudError.rejected(message, status: .conflict)
            case .noSuchLabel: CloudError.rejected(message, status: .notFound)
            }
        }
    }
}

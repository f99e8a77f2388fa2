import Foundation
import HTTPServer
import KooberKit
import KooberMap
import NIOHTTP1
import Timekeeping

/// **Fleet** in Koober Ops (SPEC.md): every animal on the map of Sydney and in a table, followed live over Server-Sent
/// Events (`OpsFleetEventStream`) on the riders' feed, and **Take Out of Service** / **Return to Service** each.
struct OpsFleetScreen {
    let templates: TemplateRenderer
    let errorPages: ErrorPages
    let services: KooberServices
    let staff: AuthorizedStaff
    let navigation: OpsNavigation
    let csrfToken: String
    let mapTiles: MapTiles
    let feed: RideFeed
    let rideSignal: any RideChangeSignal

    func show(error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let animals = try await LoadFleetUseCase(
            member: staff.member, now: services.now(), fleet: services.fleetServiceRepository
        ).run()
        let state = OpsFleetViewState(
            navigation: navigation, animals: animals, mapTiles: mapTiles, csrfToken: csrfToken, error: error,
            readAt: services.now())
        return templates.response(.opsFleet, state, status: status)
    }

    /// **Take Out of Service** or **Return to Service**; then back to the fleet, whose streams hear of it at once.
    func change(_ animalID: AnimalID?, _ change: ChangeAnimalServiceUseCase.Change) async throws -> Response {
        guard let animalID else { return errorPages.response(.notFound) }
        do {
            try await ChangeAnimalServiceUseCase(
                animalID: animalID, change: change, member: staff.member, now: services.now(),
                fleet: services.fleetServiceRepository, rideSignal: rideSignal
            ).run()
            feed.fleet.changed()
            return .redirect(to: OpsRoute.fleet.path)
        } catch let error as FleetServiceError {
            switch error {
            case .noSuchAnimal:
                return errorPages.response(.notFound, message: OpsFleetWords.message(for: error))
            case .notAllowed, .alreadyOutOfService, .notOutOfService:
                return try await show(error: OpsFleetWords.message(for: error), status: .unprocessableEntity)
            }
        }
    }

    /// The fleet's live stream, within the feed's limits; it ends when the staff session would end unused.
    func events() async throws -> Response {
        guard staff.member.role.permits(.fleet) else {
            return errorPages.response(.forbidden, message: OpsResponder.notAllowedMessage)
        }
        let session = staff.session
        let policy = services.staffSessionPolicy
        let ends = min(
            session.lastSeenAt + policy.idleLifetime.timeInterval,
            session.createdAt + policy.absoluteLifetime.timeInterval)
        let repository = services.fleetServiceRepository
        let stream = OpsFleetEventStream(
            watchers: feed.fleet, sessionEnds: ends, now: services.now, read: { try await repository.standings() })
        do throws(FleetWatchers.Refusal) {
            try feed.fleet.register(stream, session: session.tokenHash)
        } catch {
            return errorPages.streamRefused(isStopping: error == .stopping, tooMany: OpsFleetWords.tooManyStreams)
        }
        return .eventStream(stream)
    }
}

/// What Koober Ops says of the fleet's refusals.
enum OpsFleetWords {
    static let tooManyStreams = ErrorMessage(
        title: "Too Many Streams", message: "Too many fleet pages are open. Please close one and try again.")

    static func message(for error: FleetServiceError) -> ErrorMessage {
        switch error {
        case .notAllowed: OpsResponder.notAllowedMessage
        case .noSuchAnimal:
            ErrorMessage(title: "No Such Animal", message: "There is no animal with this id in the fleet.")
        case .alreadyOutOfService:
            ErrorMessage(
                title: "Already Out of Service", message: "This animal was out of service already. Nothing was changed."
            )
        case .notOutOfService:
            ErrorMessage(title: "Not Out of Service", message: "This animal is in service. Nothing was changed.")
        }
    }
}

/// The fleet page: the map (drawn by `FleetMap`, never from a visitor's text) and a row for each animal with its form.
struct OpsFleetViewState: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        /// The animal's id as text (the templates' encoding takes no `Int64`).
        let id: String
        let name: String
        let option: String
        let state: String
        let stateText: String
        let place: String
        let isOutOfService: Bool
        let outOfServiceAction: String
        let returnAction: String
    }

    let navigation: OpsNavigation
    let mapSVG: String
    let rows: [Row]
    let hasAnimals: Bool
    let counts: String
    let readAt: String
    let csrfToken: String
    let error: ErrorMessage?
    let eventsPath = OpsRoute.fleetEvents.path

    init(
        navigation: OpsNavigation, animals: [FleetAnimalStatus], mapTiles: MapTiles, csrfToken: String,
        error: ErrorMessage?, readAt: Date
    ) {
        self.navigation = navigation
        let map = FleetMap(animals: animals, places: SydneyPlaces.all, tiles: mapTiles)
        mapSVG = map.svg
        counts = map.textAlternative
        rows = animals.map { animal in
            Row(
                id: String(animal.id.rawValue), name: animal.name, option: animal.rideOptionName,
                state: animal.state.rawValue,
                stateText: FleetStateWords.text(animal), place: FleetPlaceText.text(for: animal.position),
                isOutOfService: animal.state == .outOfService,
                outOfServiceAction: OpsRoute.takeOutOfService.path(.animalID(animal.id)),
                returnAction: OpsRoute.returnToService.path(.animalID(animal.id)))
        }
        hasAnimals = !animals.isEmpty
        self.readAt = PickupTimeText.text(for: readAt)
        self.csrfToken = csrfToken
        self.error = error
    }
}

/// Where an animal is, in words: the nearest of Koober's places, and how far from it.
enum FleetPlaceText {
    static func text(for position: Location, places: [NamedLocation] = SydneyPlaces.all) -> String {
        guard
            let nearest = places.min(by: {
                $0.location.kilometres(to: position) < $1.location.kilometres(to: position)
            })
        else { return "\(position.latitude), \(position.longitude)" }
        let kilometres = nearest.location.kilometres(to: position)
        if kilometres < 0.05 { return "At \(nearest.name)" }
        return "\(Kilometres(kilometres).number) km from \(nearest.name)"
    }
}

import Foundation
import KooberKit
import KooberKitTestDoubles

/// Where Koober's locator always puts the rider (SPEC.md, Pick me up).
let sydneyPickup = Location(latitude: -33.864308, longitude: 151.209146)

/// Places for pick-me-up tests: the four of the original app (SPEC.md, Data) and a few more from the Sydney list,
/// each with a fixed id. Distances from `sydneyPickup` (haversine, R = 6371 km, python3 `math`): Café Sydney
/// 0.360 km, MOMA 0.511, Apple Store 0.548, 100 George Street 0.687, Opera House 0.772, Sydney Airport 8.967,
/// Manly Beach 10.473.
enum TestPlaces {
    static let operaHouse = NamedLocation(
        id: PlaceID(1),
        name: "Opera House",
        location: Location(latitude: -33.858667, longitude: 151.214028)
    )
    static let appleStore = NamedLocation(
        id: PlaceID(2),
        name: "Apple Store",
        location: Location(latitude: -33.868781, longitude: 151.206645)
    )
    static let georgeStreet = NamedLocation(
        id: PlaceID(3),
        name: "100 George Street",
        location: Location(latitude: -33.858129, longitude: 151.209390)
    )
    static let moma = NamedLocation(
        id: PlaceID(4),
        name: "MOMA",
        location: Location(latitude: -33.859715, longitude: 151.209025)
    )
    static let sydneyAirport = NamedLocation(
        id: PlaceID(5),
        name: "Sydney Airport",
        location: Location(latitude: -33.939900, longitude: 151.175300)
    )
    static let manlyBeach = NamedLocation(
        id: PlaceID(6),
        name: "Manly Beach",
        location: Location(latitude: -33.797200, longitude: 151.288700)
    )
    static let cafeSydney = NamedLocation(
        id: PlaceID(7),
        name: "Café Sydney",
        location: Location(latitude: -33.8613, longitude: 151.2106)
    )

    static let all = [operaHouse, appleStore, georgeStreet, moma, sydneyAirport, manlyBeach, cafeSydney]

    /// An id no test place has: what a forged or stale form would send.
    static let unknownID = PlaceID(999)
}

/// The in-memory place and ride repositories wired as the app wires the real ones, with shortcuts that run the
/// pick-me-up use cases for a rider at a given time (from `sydneyPickup`).
struct RideWorld {
    let places: InMemoryPlaceRepository
    let rides: InMemoryRideRepository
    let signal = RideChangeSignalSpy()

    static let johnny = UserID(1)
    static let jane = UserID(2)

    init(places: [NamedLocation] = TestPlaces.all) {
        self.places = InMemoryPlaceRepository(places: places)
        self.rides = InMemoryRideRepository(places: self.places)
    }

    func selectDropoff(
        _ placeID: PlaceID,
        for userID: UserID = johnny,
        at now: Date = referenceTime
    ) async throws -> Result<Void, SelectDropoffLocationError> {
        try await outcome(SelectDropoffLocationError.self) {
            try await SelectDropoffLocationUseCase(userID: userID, placeID: placeID, now: now, rideRepository: rides)
                .run()
        }
    }

    /// Confirm on the page (`to` nil: the chosen drop-off), or a request naming its place and where it is (Koober
    /// Cloud's `POST /ride`).
    func requestRide(
        _ rideOptionID: String?,
        for userID: UserID = johnny,
        from pickup: Location = sydneyPickup,
        to place: (id: PlaceID, location: Location)? = nil,
        at now: Date = referenceTime
    ) async throws -> Result<Ride, RequestRideError> {
        try await outcome(RequestRideError.self) {
            try await RequestRideUseCase(
                userID: userID, rideOptionID: rideOptionID, pickupLocation: pickup,
                dropoff: place.map { .place($0.id, at: $0.location, places: places) } ?? .chosen, now: now,
                rideRepository: rides, signal: signal
            ).run()
        }
    }

    func cancelRide(for userID: UserID = johnny, at now: Date = referenceTime) async throws -> Result<
        Ride, CancelRideError
    > {
        try await outcome(CancelRideError.self) {
            try await CancelRideUseCase(userID: userID, now: now, rideRepository: rides, signal: signal).run()
        }
    }

    func startNewRide(for userID: UserID = johnny) async throws {
        try await StartNewRideRequestUseCase(userID: userID, rideRepository: rides).run()
    }

    func state(of userID: UserID = johnny, at now: Date = referenceTime) async throws -> RideState {
        try await LoadRideStateUseCase(userID: userID, now: now, rideRepository: rides).run()
    }

    /// The rider's newest rides (My Profile's first page, big enough for any test's rides).
    func history(of userID: UserID = johnny) async throws -> [Ride] {
        try await LoadRideHistoryUseCase(userID: userID, before: nil, pageSize: 100, rideRepository: rides).run().rides
    }

    /// Chooses `place` and confirms `rideOptionID`: a whole ride request, which the test expects to succeed.
    @discardableResult
    func requestRideTo(
        _ place: NamedLocation,
        option rideOptionID: String = RideOption.wallaroo.id,
        for userID: UserID = johnny,
        at now: Date = referenceTime
    ) async throws -> Ride {
        try await selectDropoff(place.id, for: userID, at: now).get()
        return try await requestRide(rideOptionID, for: userID, at: now).get()
    }
}

/// A locator that says whatever the test tells it to.
struct FixedLocator: Locator {
    let location: Location

    func currentLocation() async throws -> Location {
        location
    }
}

/// A locator that cannot tell where the rider is.
struct FailingLocator: Locator {
    func currentLocation() async throws -> Location {
        throw StorageFailure(operation: "current location")
    }
}

/// A ride store that works like `InMemoryRideRepository` except that the operations named in `failing` throw
/// `StorageFailure(operation:)` with the operation's name: a store that breaks part-way through a use case.
struct PartlyFailingRideRepository: RideRepository {
    enum Operation: String, Sendable {
        case chosenDropoff, chooseDropoff, followedRide, rideState, requestRide, startNewRide, rides, ride, events
        case findingRides, dueRides, nextDueTime, apply, rideChanges, latestRideChange
    }

    let working: InMemoryRideRepository
    let failing: Set<Operation>

    private func check(_ operation: Operation) throws {
        if failing.contains(operation) { throw StorageFailure(operation: operation.rawValue) }
    }

    func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        try check(.chosenDropoff)
        return try await working.chosenDropoff(userID: userID)
    }

    func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        try check(.chooseDropoff)
        try await working.chooseDropoff(userID: userID, placeID: placeID, at: time)
    }

    func followedRide(userID: UserID) async throws -> Ride? {
        try check(.followedRide)
        return try await working.followedRide(userID: userID)
    }

    func rideState(userID: UserID) async throws -> RideState {
        try check(.rideState)
        return try await working.rideState(userID: userID)
    }

    func requestRide(_ request: NewRideRequest) async throws -> Ride {
        try check(.requestRide)
        return try await working.requestRide(request)
    }

    func startNewRide(userID: UserID) async throws {
        try check(.startNewRide)
        try await working.startNewRide(userID: userID)
    }

    func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        try check(.rides)
        return try await working.rides(userID: userID, before: before, limit: limit)
    }

    func ride(id: RideID) async throws -> Ride? {
        try check(.ride)
        return try await working.ride(id: id)
    }

    func events(rideID: RideID) async throws -> [RideEvent] {
        try check(.events)
        return try await working.events(rideID: rideID)
    }

    func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        try check(.findingRides)
        return try await working.findingRides(rideOptionIDs: rideOptionIDs, limit: limit)
    }

    func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
        try check(.dueRides)
        return try await working.dueRides(at: time, limit: limit)
    }

    func nextDueTime() async throws -> Date? {
        try check(.nextDueTime)
        return try await working.nextDueTime()
    }

    func apply(_ change: RideChange) async throws -> Ride? {
        try check(.apply)
        return try await working.apply(change)
    }

    func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        try check(.rideChanges)
        return try await working.rideChanges(after: cursor, limit: limit)
    }

    func latestRideChange() async throws -> RideChangeCursor {
        try check(.latestRideChange)
        return try await working.latestRideChange()
    }
}

/// A ride store as a second tab sees it mid-race: the first time this tab asks for the followed ride it hears
/// "none", and right after that answer the other tab's Confirm (`otherTabsRequest`) commits — storing its ride and
/// clearing the chosen drop-off — before this tab reads anything else.
actor OtherTabConfirmsMidwayRideRepository: RideRepository {
    let working: InMemoryRideRepository
    private var otherTabsRequest: NewRideRequest?

    init(working: InMemoryRideRepository, otherTabsRequest: NewRideRequest) {
        self.working = working
        self.otherTabsRequest = otherTabsRequest
    }

    func followedRide(userID: UserID) async throws -> Ride? {
        let answer = try await working.followedRide(userID: userID)
        if let request = otherTabsRequest {
            otherTabsRequest = nil
            _ = try await working.requestRide(request)
        }
        return answer
    }

    func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        try await working.chosenDropoff(userID: userID)
    }

    func rideState(userID: UserID) async throws -> RideState {
        try await working.rideState(userID: userID)
    }

    func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        try await working.chooseDropoff(userID: userID, placeID: placeID, at: time)
    }

    func requestRide(_ request: NewRideRequest) async throws -> Ride {
        try await working.requestRide(request)
    }

    func startNewRide(userID: UserID) async throws {
        try await working.startNewRide(userID: userID)
    }

    func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        try await working.rides(userID: userID, before: before, limit: limit)
    }

    func ride(id: RideID) async throws -> Ride? { try await working.ride(id: id) }
    func events(rideID: RideID) async throws -> [RideEvent] { try await working.events(rideID: rideID) }
    func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        try await working.findingRides(rideOptionIDs: rideOptionIDs, limit: limit)
    }
    func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
        try await working.dueRides(at: time, limit: limit)
    }
    func nextDueTime() async throws -> Date? { try await working.nextDueTime() }
    func apply(_ change: RideChange) async throws -> Ride? { try await working.apply(change) }
    func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        try await working.rideChanges(after: cursor, limit: limit)
    }
    func latestRideChange() async throws -> RideChangeCursor { try await working.latestRideChange() }
}

import Foundation
import KooberKit

/// Chosen drop-offs, rides with their histories, and the fleet, in memory, for fast tests of use cases. Like the
/// SQLite repositories it keeps request times to the whole second (timeline times to the millisecond), numbers rides
/// from 1, refuses an unknown place, a forged ride option or a negative fare, lets a rider have at most one ride in
/// progress and an animal carry at most one, and applies a change only at the revision it was made from. Unlike
/// them, it knows no users, so it cannot refuse an unknown one.
public actor InMemoryRideRepository: RideRepository, FleetRepository {
    struct StoredRide {
        var ride: Ride
        var events: [RideEvent]
        var nextEventAt: Date?
        var leftBehind = false
    }

    struct StoredAnimal {
        var animal: Animal
        let number: Int
        var inService: Bool
        /// Staff's mark (`InMemoryFleetServiceRepository`), which `provide` never touches.
        var outOfService = false
    }

    private let places: any PlaceRepository
    /// Riders whose accounts Koober Ops has locked (`InMemoryRiderAccountRepository` tells), for whom no ride is
    /// requested, as the stores check the user's row in the request's transaction.
    private var lockedRiders: Set<UserID> = []
    /// Each rider's chosen drop-off. The place is kept whole: places never change once seeded, so this answers as
    /// the SQLite join does.
    private var drafts: [UserID: NamedLocation] = [:]
    /// Read by the dashboard too (`InMemoryRideRepository+Dashboard`).
    private(set) var stored: [StoredRide] = []
    private(set) var animals: [StoredAnimal] = []
    private var lastRevision: Int64 = 0
    let mail: InMemoryMailState
    /// Ratings and reports by ride, and each animal's running total (`InMemoryRideRepository+Feedback`).
    var feedbackByRide: [RideID: RideFeedback] = [:]
    var animalRatings: [AnimalID: AnimalRating] = [:]
    /// Koober Ops' side of the reports: when each was resolved, and Koober's replies (`InMemoryRideRepository+Reports`).
    var resolvedReports: [RideID: Date] = [:]
    var reportReplies: [RideID: [ReportReply]] = [:]
    var lastReplyID: Int64 = 0

    /// - Parameters:
    ///   - places: the places drop-offs are chosen from (an `InMemoryPlaceRepository` in tests).
    ///   - mail: where a finished ride's receipt is queued (`InMemoryMailState`).
    public init(places: any PlaceRepository, mail: InMemoryMailState = InMemoryMailState()) {
        self.places = places
        self.mail = mail
    }

    /// Whether the rider's account is locked, as the rider accounts' lock and unlock set it.
    public func setLocked(_ locked: Bool, userID: UserID) {
        if locked { lockedRiders.insert(userID) } else { lockedRiders.remove(userID) }
    }

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        drafts[userID]
    }

    /// Throws `RideRepositoryError.unknownPlace` for a place that doesn't exist.
    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        guard let dropoff = try await places.place(id: placeID) else { throw RideRepositoryError.unknownPlace }
        drafts[userID] = dropoff
        leaveEndedRidesBehind(userID: userID)
    }

    public func followedRide(userID: UserID) async throws -> Ride? {
        guard let newest = newestIndex(userID: userID), !stored[newest].leftBehind else { return nil }
        return stored[newest].ride
    }

    public func rideState(userID: UserID) async throws -> RideState {
        let followed = try await followedRide(userID: userID)
        let rating = followed?.assignment.map { animalRatings[$0.animalID] ?? .none }
        return RideState(followedRide: followed?.with(animalRating: rating), chosenDropoff: drafts[userID])
    }

    /// Refuses in the order SQLite's constraints would: a forged option or negative fare
    /// (`InMemoryRideRepositoryError`), then a ride already in progress, then an unknown place.
    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        guard RideOption.withID(request.rideOptionID) != nil else {
            throw InMemoryRideRepositoryError.unknownRideOption(request.rideOptionID)
        }
        guard request.fareCents >= .zero else { throw InMemoryRideRepositoryError.negativeFare(request.fareCents) }
        try refuseIfRideInProgress(userID: request.userID)
        if lockedRiders.contains(request.userID) { throw RideRepositoryError.accountLocked }
        guard let dropoff = try await places.place(id: request.dropoffID) else {
            throw RideRepositoryError.unknownPlace
        }
        // Checked again after the await: the actor may have stored another ride for this rider meanwhile. From here
        // to the end nothing suspends, so the check and the insert are one step, as in a transaction.
        try refuseIfRideInProgress(userID: request.userID)
        for index in stored.indices where stored[index].ride.userID == request.userID {
            stored[index].leftBehind = true
        }
        lastRevision += 1
        let ride = Ride(
            id: RideID(Int64(stored.count + 1)), userID: request.userID, pickup: request.pickup, dropoff: dropoff,
            rideOptionID: request.rideOptionID, fareCents: request.fareCents,
            requestedAt: request.requestedAt.wholeSeconds, status: .finding, clockRate: request.clockRate,
            revision: lastRevision
        )
        stored.append(
            StoredRide(ride: ride, events: [RideEvent(status: .finding, at: request.requestedAt.milliseconds)]))
        drafts[request.userID] = nil
        return ride
    }

    public func startNewRide(userID: UserID) async throws {
        leaveEndedRidesBehind(userID: userID)
        drafts[userID] = nil
    }

    /// Newest first; rides requested in the same second, latest stored first.
    public func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        let newestFirst = stored.map(\.ride).filter { $0.userID == userID }.sorted { first, second in
            (first.requestedAt, first.id.rawValue) > (second.requestedAt, second.id.rawValue)
        }
        let older = newestFirst.filter { ride in
            guard let before else { return true }
            let seconds = Int64(ride.requestedAt.timeIntervalSince1970.rounded(.down))
            return (seconds, ride.id.rawValue) < (before.requestedAtSeconds, before.rideID.rawValue)
        }
        return Array(older.prefix(max(0, limit)))
    }

    public func ride(id: RideID) async throws -> Ride? {
        index(of: id).map { stored[$0].ride }
    }

    public func events(rideID: RideID) async throws -> [RideEvent] {
        index(of: rideID).map { stored[$0].events.sorted { $0.status < $1.status } } ?? []
    }

    public func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        Array(
            stored.map(\.ride).filter { $0.status == .finding && rideOptionIDs.contains($0.rideOptionID) }
                .sorted { ($0.requestedAt, $0.id.rawValue) < ($1.requestedAt, $1.id.rawValue) }
                .prefix(limit)
        )
    }

    public func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
        let due = stored.filter { $0.nextEventAt.map { $0 <= time } ?? false }
        return Array(due.sorted { $0.nextEventAt! < $1.nextEventAt! }.map(\.ride).prefix(limit))
    }

    public func nextDueTime() async throws -> Date? {
        stored.compactMap(\.nextEventAt).min()
    }

    public func apply(_ change: RideChange) async throws -> Ride? {
        guard let index = index(of: change.rideID), stored[index].ride.revision == change.expectedRevision else {
            return nil
        }
        if let assignment = change.assignment, busyAnimals.contains(assignment.animalID) { return nil }
        if let assignment = change.assignment,
            animals.contains(where: { $0.animal.id == assignment.animalID && $0.outOfService })
        {
            return nil
        }
        let old = stored[index].ride
        lastRevision += 1
        stored[index].ride = Ride(
            id: old.id, userID: old.userID, pickup: old.pickup, dropoff: old.dropoff, rideOptionID: old.rideOptionID,
            fareCents: old.fareCents, requestedAt: old.requestedAt, status: change.status, clockRate: old.clockRate,
            assignment: change.assignment.map(\.milliseconds) ?? old.assignment, endedAt: change.endedAt?.milliseconds,
            revision: lastRevision, cancelledByKoober: change.cancelledByKoober
        )
        stored[index].nextEventAt = change.nextEventAt?.milliseconds
        for event in change.events where !stored[index].events.contains(where: { $0.status == event.status }) {
            stored[index].events.append(RideEvent(status: event.status, at: event.at.milliseconds))
        }
        if let freed = change.freedAnimal, let animal = animals.firstIndex(where: { $0.animal.id == freed.id }) {
            let old = animals[animal].animal
            animals[animal].animal = Animal(
                id: old.id, name: old.name, rideOptionID: old.rideOptionID, location: freed.location)
        }
        if let receipt = change.receipt, let endedAt = change.endedAt {
            mail.queueIfConfirmed(receipt, for: old.userID, at: endedAt)
        }
        return stored[index].ride
    }

    public func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        let rides = stored.map(\.ride).filter { $0.revision > cursor.position }.sorted { $0.revision < $1.revision }
        return RideChanges(inRevisionOrder: Array(rides.prefix(max(0, limit))), after: cursor)
    }

    public func latestRideChange() async throws -> RideChangeCursor {
        RideChangeCursor(position: lastRevision, rideID: 0)
    }

    public func provide(_ members: [FleetMember]) async throws {
        for member in members
        where !animals.contains(where: { $0.animal.rideOptionID == member.rideOptionID && $0.number == member.number })
        {
            let animal = Animal(
                id: AnimalID(Int64(animals.count + 1)), name: member.name, rideOptionID: member.rideOptionID,
                location: member.restingPlace
            )
            animals.append(StoredAnimal(animal: animal, number: member.number, inService: true))
        }
        let rule = FleetInService(members)
        for index in animals.indices {
            animals[index].inService = rule.isInService(
                rideOptionID: animals[index].animal.rideOptionID, number: animals[index].number)
        }
    }

    public func freeAnimals() async throws -> [Animal] {
        let busy = busyAnimals
        return animals.filter { $0.inService && !$0.outOfService && !busy.contains($0.animal.id) }.map(\.animal)
    }

    /// The animals in service with their marks and rides in progress, lowest id first.
    func fleetStandings() -> [FleetStanding] {
        let carried = Dictionary(
            stored.compactMap { stored in
                stored.ride.status.isInProgress && stored.ride.status != .finding
                    ? stored.ride.assignment.map { ($0.animalID, stored.ride) } : nil
            },
            uniquingKeysWith: { first, _ in first })
        return animals.filter(\.inService).sorted { $0.animal.id.rawValue < $1.animal.id.rawValue }.map {
            FleetStanding(animal: $0.animal, isOutOfService: $0.outOfService, ride: carried[$0.animal.id])
        }
    }

    /// Sets staff's mark on an animal in service; throws `FleetServiceRepositoryError` when there is none or the mark
    /// is already so.
    func markOutOfService(_ id: AnimalID, _ outOfService: Bool) throws {
        guard let index = animals.firstIndex(where: { $0.animal.id == id && $0.inService }) else {
            throw FleetServiceRepositoryError.noSuchAnimal
        }
        guard animals[index].outOfService != outOfService else {
            throw outOfService
                ? FleetServiceRepositoryError.alreadyOutOfService : FleetServiceRepositoryError.notOutOfService
        }
        animals[index].outOfService = outOfService
    }

    var busyAnimals: Set<AnimalID> {
        Set(stored.compactMap { $0.ride.status.isInProgress ? $0.ride.assignment?.animalID : nil })
    }

    private func index(of id: RideID) -> Int? {
        stored.firstIndex { $0.ride.id == id }
    }

    private func newestIndex(userID: UserID) -> Int? {
        stored.indices.filter { stored[$0].ride.userID == userID }.max { first, second in
            (stored[first].ride.requestedAt, stored[first].ride.id.rawValue)
                < (stored[second].ride.requestedAt, stored[second].ride.id.rawValue)
        }
    }

    private func leaveEndedRidesBehind(userID: UserID) {
        for index in stored.indices where stored[index].ride.userID == userID && !stored[index].ride.status.isInProgress
        {
            stored[index].leftBehind = true
        }
    }

    private func refuseIfRideInProgress(userID: UserID) throws {
        if stored.contains(where: { $0.ride.userID == userID && $0.ride.status.isInProgress }) {
            throw RideRepositoryError.rideAlreadyInProgress
        }
    }
}

extension RideAssignment {
    fileprivate var milliseconds: RideAssignment {
        RideAssignment(animalID: animalID, animalName: animalName, assignedAt: assignedAt.milliseconds, start: start)
    }
}

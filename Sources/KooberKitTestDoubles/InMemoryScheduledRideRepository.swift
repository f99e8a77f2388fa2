import Foundation
import KooberKit

/// Scheduled rides in memory, for fast tests of use cases: it keeps the rules storage keeps (3 upcoming, 30 minutes
/// apart, checked in the same step as the insert), starts a booking through the in-memory rides exactly as
/// `requestRide` stores one, claims it before it does (so two dispatchers on it start it once), and forgets a deleted
/// rider's bookings as the databases' foreign keys do (it asks the users).
public actor InMemoryScheduledRideRepository: ScheduledRideRepository {
    private enum Stored: Equatable {
        case status(ScheduledRideStatus)
        /// Claimed by a start in progress (between its claim and the ride's insert).
        case starting
    }

    private var rides: [ScheduledRide] = []
    private var states: [ScheduledRideID: Stored] = [:]
    private var lastID: Int64 = 0
    private let users: InMemoryUserRepository
    private let rideRepository: InMemoryRideRepository
    private let places: any PlaceRepository
    private let mail: InMemoryMailState

    public init(
        users: InMemoryUserRepository, rides: InMemoryRideRepository, places: any PlaceRepository,
        mail: InMemoryMailState
    ) {
        self.users = users
        self.rideRepository = rides
        self.places = places
        self.mail = mail
    }

    /// None booked, and none to book (it knows no riders): for tests of a dispatcher that schedules nothing.
    public static func empty(rides: InMemoryRideRepository) -> InMemoryScheduledRideRepository {
        InMemoryScheduledRideRepository(
            users: InMemoryUserRepository(), rides: rides, places: InMemoryPlaceRepository(places: []),
            mail: InMemoryMailState())
    }

    public func book(_ booking: NewScheduledRide) async throws -> ScheduledRide {
        guard RideOption.withID(booking.rideOptionID) != nil else {
            throw InMemoryRideRepositoryError.unknownRideOption(booking.rideOptionID)
        }
        guard booking.fareCents >= .zero else { throw InMemoryRideRepositoryError.negativeFare(booking.fareCents) }
        guard let dropoff = try await places.place(id: booking.dropoffID) else {
            throw RideRepositoryError.unknownPlace
        }
        guard try await users.profile(id: booking.userID) != nil else { throw InMemoryRepositoryError.unknownUser }
        if await users.lock(id: booking.userID) != nil { throw RideRepositoryError.accountLocked }
        // From here to the end nothing suspends: the check and the insert are one step, as in a transaction.
        let upcoming = upcomingNow(userID: booking.userID).map(\.pickupAt)
        if let refusal = ScheduledRidePolicy.refusal(pickupAt: booking.pickupAt.milliseconds, among: upcoming) {
            throw refusal
        }
        // The rider's cancelled bookings go, as the stores delete them in the booking's transaction.
        let cancelled = Set(
            rides.filter { $0.userID == booking.userID && states[$0.id] == .status(.cancelled) }.map(\.id))
        rides.removeAll { cancelled.contains($0.id) }
        for id in cancelled { states[id] = nil }
        lastID += 1
        let ride = ScheduledRide(
            id: ScheduledRideID(lastID), userID: booking.userID, pickup: booking.pickup,
            dropoff: dropoff, rideOptionID: booking.rideOptionID, fareCents: booking.fareCents,
            pickupAt: booking.pickupAt.milliseconds, bookedAt: booking.bookedAt.milliseconds,
            clockRate: booking.clockRate, status: .upcoming)
        rides.append(ride)
        states[ride.id] = .status(.upcoming)
        mail.queueIfConfirmed(
            .scheduledRide(.scheduledRideBooked, id: ride.id), for: ride.userID, at: booking.bookedAt)
        return ride
    }

    public func upcoming(userID: UserID) async throws -> [ScheduledRide] {
        guard try await users.profile(id: userID) != nil else { return [] }
        return upcomingNow(userID: userID)
    }

    public func scheduledRide(id: ScheduledRideID) async throws -> ScheduledRide? {
        guard let ride = rides.first(where: { $0.id == id }), try await users.profile(id: ride.userID) != nil else {
            return nil
        }
        return current(ride)
    }

    public func cancel(id: ScheduledRideID, userID: UserID) async throws {
        guard let ride = rides.first(where: { $0.id == id && $0.userID == userID }),
            try await users.profile(id: userID) != nil
        else { throw ScheduledRideRepositoryError.notFound }
        guard states[id] == .status(.upcoming) else { throw ScheduledRideRepositoryError.notUpcoming }
        states[ride.id] = .status(.cancelled)
    }

    public func due(at time: Date, limit: Int) async throws -> [ScheduledRide] {
        var due: [ScheduledRide] = []
        for ride in rides where states[ride.id] == .status(.upcoming) && ride.startAt <= time {
            if try await users.profile(id: ride.userID) != nil { due.append(current(ride)) }
        }
        return Array(due.sorted { ($0.startAt, $0.id.rawValue) < ($1.startAt, $1.id.rawValue) }.prefix(max(0, limit)))
    }

    public func start(_ id: ScheduledRideID, at time: Date) async throws -> ScheduledRideStart {
        guard let ride = rides.first(where: { $0.id == id }), states[id] == .status(.upcoming) else {
            return .notUpcoming
        }
        guard try await users.profile(id: ride.userID) != nil, states[id] == .status(.upcoming) else {
            return .notUpcoming  // the rider is gone, or another start claimed it meanwhile
        }
        states[id] = .starting  // claimed before the first suspension: a second dispatcher now moves on
        let outcome: ScheduledRideStart
        let decision: ScheduledStartDecision
        do {
            let inProgress = try await rideRepository.rides(userID: ride.userID, before: nil, limit: .max)
                .contains { $0.status.isInProgress }
            decision = ScheduledStartDecision(ride, riderHasRideInProgress: inProgress, at: time)
            switch decision {
            case .wait:
                states[id] = .status(.upcoming)
                return .waiting
            case .miss:
                states[id] = .status(.missed)
                outcome = .missed
            case .start(let request):
                let started = try await rideRepository.requestRide(request)
                states[id] = .status(.started(started.id))
                outcome = .started(started)
            }
        } catch RideRepositoryError.rideAlreadyInProgress {
            states[id] = .status(.upcoming)  // the rider's own Confirm stored a ride since the check, as on PostgreSQL
            return .waiting
        } catch {
            states[id] = .status(.upcoming)
            throw error
        }
        if let mail = decision.mail(about: id) { self.mail.queueIfConfirmed(mail, for: ride.userID, at: time) }
        return outcome
    }

    /// One `start` after the other: each claims its booking before it suspends, as a transaction would.
    public func startDue(at time: Date, limit: Int) async throws -> [ScheduledRideStart] {
        var outcomes: [ScheduledRideStart] = []
        for booking in try await due(at: time, limit: limit) {
            outcomes.append(try await start(booking.id, at: time))
        }
        return outcomes
    }

    public func nextStartTime(after time: Date) async throws -> Date? {
        var next: Date?
        for ride in rides where states[ride.id] == .status(.upcoming) {
            guard try await users.profile(id: ride.userID) != nil else { continue }
            let due = ride.startAt > time ? ride.startAt : ride.missAt
            next = min(next ?? due, due)
        }
        return next
    }

    /// How many bookings are upcoming (a start in progress included) with their pick-up at or before `time`: the
    /// dashboard's scheduled rides due (`InMemoryDashboardRepository`).
    func upcomingCount(pickupAtOrBefore time: Date) -> Int {
        rides.filter { current($0).status == .upcoming && $0.pickupAt <= time }.count
    }

    private func upcomingNow(userID: UserID) -> [ScheduledRide] {
        rides.filter { $0.userID == userID && states[$0.id] == .status(.upcoming) }
            .sorted { ($0.pickupAt, $0.id.rawValue) < ($1.pickupAt, $1.id.rawValue) }
    }

    /// The ride with its status as it stands (a start in progress still reads as upcoming, as an uncommitted
    /// transaction would).
    private func current(_ ride: ScheduledRide) -> ScheduledRide {
        guard case .status(let status) = states[ride.id] else { return ride }
        return ScheduledRide(
            id: ride.id, userID: ride.userID, pickup: ride.pickup, dropoff: ride.dropoff,
            rideOptionID: ride.rideOptionID, fareCents: ride.fareCents, pickupAt: ride.pickupAt,
            bookedAt: ride.bookedAt, clockRate: ride.clockRate, status: status)
    }
}

import Foundation

/// Schedule: books the chosen option for a pick-up time in Sydney's time, with the fare estimated now, after
/// checking every rule of `ScheduledRidePolicy` (storage checks those about the rider's other bookings again in
/// its transaction); the "booked" mail is queued with it. A booking from the page leaves the chosen drop-off behind,
/// so the rider is back at step 1.
public struct BookScheduledRideUseCase: Sendable {
    let userID: UserID
    let rideOptionID: String?
    let pickupLocation: Location
    let dropoff: RequestRideUseCase.Dropoff
    /// The Pick-up time's two fields, as sent (`yyyy-mm-dd`, `hh:mm`).
    let date: String
    let time: String
    let now: Date
    let clockRate: Double
    let rideRepository: any RideRepository
    let scheduledRides: any ScheduledRideRepository
    let signal: any RideChangeSignal

    public init(
        userID: UserID, rideOptionID: String?, pickupLocation: Location, dropoff: RequestRideUseCase.Dropoff = .chosen,
        date: String, time: String, now: Date, clockRate: Double = 1, rideRepository: any RideRepository,
        scheduledRides: any ScheduledRideRepository, signal: any RideChangeSignal
    ) {
        self.userID = userID
        self.rideOptionID = rideOptionID
        self.pickupLocation = pickupLocation
        self.dropoff = dropoff
        self.date = date
        self.time = time
        self.now = now
        self.clockRate = clockRate
        self.rideRepository = rideRepository
        self.scheduledRides = scheduledRides
        self.signal = signal
    }

    /// Throws a `BookScheduledRideError` when nothing was booked.
    public func run() async throws -> ScheduledRide {
        let (place, quote) = try await RideQuote.quoting(
            optionID: rideOptionID, from: pickupLocation, to: dropoffPlace, refusedAs: BookScheduledRideError.self)
        let pickupAt = try Self.pickupTime(date: date, time: time)
        let policy = ScheduledRidePolicy(clockRate: clockRate)
        let upcoming = try await scheduledRides.upcoming(userID: userID).map(\.pickupAt)
        if let refusal = policy.refusal(pickupAt: pickupAt, now: now, upcoming: upcoming) {
            throw BookScheduledRideError.refused(refusal)
        }
        let booking = NewScheduledRide(
            userID: userID, pickup: pickupLocation, dropoffID: place.id, rideOptionID: quote.option.id,
            fareCents: quote.fareCents, pickupAt: pickupAt, bookedAt: now, clockRate: policy.clockRate)
        let booked: ScheduledRide
        do {
            booked = try await scheduledRides.book(booking)
        } catch let refusal as ScheduledRideRefusal {
            throw BookScheduledRideError.refused(refusal)  // another tab's booking won the race
        } catch RideRepositoryError.accountLocked {
            throw BookScheduledRideError.accountLocked
        }
        if case .chosen = dropoff { try await rideRepository.startNewRide(userID: userID) }
        signal.ridesChanged()  // the dispatcher's next look must include this start
        return booked
    }

    /// The instant of the Pick-up time's fields in Sydney. Throws the field's `BookScheduledRideError`.
    public static func pickupTime(date: String, time: String) throws(BookScheduledRideError) -> Date {
        if date.isEmpty { throw .missingDate }
        if time.isEmpty { throw .missingTime }
        guard let wallTime = SydneyWallTime(date: date, time: time) else {
            throw SydneyWallTime(date: date, time: "00:00") == nil ? .invalidDate : .invalidTime
        }
        guard let instant = SydneyTime.instant(of: wallTime) else { throw .timeDoesNotExist }
        return instant
    }

    private func dropoffPlace() async throws -> NamedLocation {
        switch dropoff {
        case .chosen:
            guard let chosen = try await rideRepository.chosenDropoff(userID: userID) else {
                throw BookScheduledRideError.noDropoffChosen
            }
            return chosen
        case .place(let id, let location, let places):
            do {
                return try await RequestRideUseCase.place(id: id, at: location, in: places)
            } catch let error as RequestRideError {
                throw BookScheduledRideError.dropoff(error)
            }
        }
    }
}

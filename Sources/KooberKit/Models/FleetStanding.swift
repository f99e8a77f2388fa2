import Foundation

/// One animal as the store has it for Koober Ops' fleet: the animal (where it stood when last free), staff's
/// out-of-service mark, and the ride in progress it carries, if any. Where it is at a moment follows from these
/// (`status(at:)`), as the ride page's animal does.
public struct FleetStanding: Equatable, Sendable {
    public let animal: Animal
    public let isOutOfService: Bool
    /// The ride in progress it carries (`on_the_way`, `arrived` or `riding`, as stored).
    public let ride: Ride?

    public init(animal: Animal, isOutOfService: Bool, ride: Ride? = nil) {
        self.animal = animal
        self.isOutOfService = isOutOfService
        self.ride = ride
    }

    /// The animal at `time`: its state and where it is. A ride the clock has ended (not yet stored as ended) left its
    /// animal at the drop-off, free.
    public func status(at time: Date) -> FleetAnimalStatus {
        var position = animal.location
        var onRide = false
        if let ride, ride.assignment?.animalID == animal.id {
            let progress = ride.progress(at: time)
            if progress.status.isInProgress {
                onRide = true
                position = progress.position ?? ride.pickup
            } else {
                position = ride.dropoff.location
            }
        }
        let state: FleetAnimalState = isOutOfService ? .outOfService : onRide ? .onRide : .free
        return FleetAnimalStatus(
            id: animal.id, name: animal.name, rideOptionID: animal.rideOptionID, state: state, position: position,
            isFinishingRide: isOutOfService && onRide)
    }
}

/// What an animal is doing, as Koober Ops' fleet shows it.
public enum FleetAnimalState: String, CaseIterable, Sendable {
    case free
    case onRide = "on_ride"
    /// Taken out of service by staff (it may still be finishing the ride it had: `FleetAnimalStatus.isFinishingRide`).
    case outOfService = "out_of_service"
}

/// One animal of the fleet at a moment: who it is, what it is doing, and where.
public struct FleetAnimalStatus: Equatable, Sendable {
    public let id: AnimalID
    public let name: String
    public let rideOptionID: String
    public let state: FleetAnimalState
    public let position: Location
    /// Out of service, but still carrying the ride it had when it was taken out (it finishes it first).
    public let isFinishingRide: Bool

    public init(
        id: AnimalID, name: String, rideOptionID: String, state: FleetAnimalState, position: Location,
        isFinishingRide: Bool = false
    ) {
        self.id = id
        self.name = name
        self.rideOptionID = rideOptionID
        self.state = state
        self.position = position
        self.isFinishingRide = isFinishingRide
    }

    /// "Wallaroo": the option's name (its id, should storage hold one Koober no longer has).
    public var rideOptionName: String { RideOption.withID(rideOptionID)?.name ?? rideOptionID }
}

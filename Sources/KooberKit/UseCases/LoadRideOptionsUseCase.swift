/// The ride options for a trip, each with its fare estimate (great-circle distance, SPEC.md fare rules).
public struct LoadRideOptionsUseCase: Sendable {
    let pickupLocation: Location
    let dropoff: NamedLocation

    public init(pickupLocation: Location, dropoff: NamedLocation) {
        self.pickupLocation = pickupLocation
        self.dropoff = dropoff
    }

    public func run() -> [RideQuote] {
        let kilometres = pickupLocation.kilometres(to: dropoff.location)
        return RideOption.all.map { RideQuote(option: $0, fareCents: $0.fareCents(forKilometres: kilometres)) }
    }
}

/// What a ride option would cost for the trip at hand.
public struct RideQuote: Equatable, Sendable {
    public let option: RideOption
    public let fareCents: Cents

    public init(option: RideOption, fareCents: Cents) {
        self.option = option
        self.fareCents = fareCents
    }

    /// Every ride option with its fare estimate for the trip from `pickup` to `dropoff` (great-circle distance,
    /// SPEC.md fare rules): a plain function of the trip, so not a use case.
    public static func all(from pickup: Location, to dropoff: NamedLocation) -> [RideQuote] {
        let kilometres = pickup.kilometres(to: dropoff.location)
        return RideOption.all.map { RideQuote(option: $0, fareCents: $0.fareCents(forKilometres: kilometres)) }
    }
}

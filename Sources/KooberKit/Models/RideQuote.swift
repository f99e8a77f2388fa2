/// What a ride option would cost for the trip at hand.
public struct RideQuote: Equatable, Sendable {
    public let option: RideOption
    public let fareCents: Int

    public init(option: RideOption, fareCents: Int) {
        self.option = option
        self.fareCents = fareCents
    }
}

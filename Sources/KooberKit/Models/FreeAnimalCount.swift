/// How many animals of one ride option are in service and carry no ride now.
public struct FreeAnimalCount: Equatable, Sendable {
    public let rideOption: RideOption
    public let count: Int

    public init(rideOption: RideOption, count: Int) {
        self.rideOption = rideOption
        self.count = count
    }
}

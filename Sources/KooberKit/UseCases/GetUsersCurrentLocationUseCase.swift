/// Finds the pick-up location: where the rider is now.
public struct GetUsersCurrentLocationUseCase: Sendable {
    let locator: any Locator

    public init(locator: any Locator) {
        self.locator = locator
    }

    public func run() async throws -> Location {
        try await locator.currentLocation()
    }
}

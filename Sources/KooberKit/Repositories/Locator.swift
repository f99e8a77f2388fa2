/// Tells where the rider is now.
public protocol Locator: Sendable {
    func currentLocation() async throws -> Location
}

/// Koober's locator: the rider is always in Sydney's CBD (SPEC.md, Pick me up).
public struct SydneyLocator: Locator {
    public static let sydney = Location(latitude: -33.864308, longitude: 151.209146)

    public init() {}

    public func currentLocation() async throws -> Location {
        Self.sydney
    }
}

import Foundation

/// A point on Earth, in degrees (WGS 84).
public struct Location: Equatable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Mean radius of the Earth used for great-circle distances.
    public static let earthRadiusKilometres = 6371.0

    /// The great-circle distance to `other` (haversine formula).
    public func kilometres(to other: Location) -> Double {
        let radians = { (degrees: Double) in degrees * .pi / 180 }
        let dLatitude = radians(other.latitude - latitude)
        let dLongitude = radians(other.longitude - longitude)
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(radians(latitude)) * cos(radians(other.latitude)) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * Self.earthRadiusKilometres * atan2(sqrt(a), sqrt(1 - a))
    }
}

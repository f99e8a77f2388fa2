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

extension Location {
    /// The point `fraction` of the way along the great circle from here to `other` (0 is here, 1 is there).
    public func interpolated(to other: Location, fraction: Double) -> Location {
        let radians = { (degrees: Double) in degrees * .pi / 180 }
        let degrees = { (radians: Double) in radians * 180 / .pi }
        let angle = kilometres(to: other) / Self.earthRadiusKilometres
        guard angle > 1e-12 else { return self }
        let (φ1, λ1, φ2, λ2) = (
            radians(latitude), radians(longitude), radians(other.latitude), radians(other.longitude)
        )
        let a = sin((1 - fraction) * angle) / sin(angle)
        let b = sin(fraction * angle) / sin(angle)
        let x = a * cos(φ1) * cos(λ1) + b * cos(φ2) * cos(λ2)
        let y = a * cos(φ1) * sin(λ1) + b * cos(φ2) * sin(λ2)
        let z = a * sin(φ1) + b * sin(φ2)
        return Location(latitude: degrees(atan2(z, sqrt(x * x + y * y))), longitude: degrees(atan2(y, x)))
    }
}

import Foundation

/// The one projection of Koober's map: latitude and longitude onto a plane of metres east and south of an origin in
/// the centre of Sydney (y grows downwards, as on screen).
///
/// Equirectangular about the origin's latitude: over the few tens of kilometres Koober's places span, a kilometre
/// east is as long as a kilometre north to within 0.1 %, far below a pixel. `scripts/make-map-data` projects the
/// seed data with the same three numbers: keep them in step.
public enum MapPlane {
    public static let originLatitude = -33.87
    public static let originLongitude = 151.21
    /// The haversine radius of KooberKit's `Location`, so that distances on the map agree with fares.
    public static let earthRadiusKilometres = 6371.0
    public static let metresPerDegree = 2 * Double.pi * earthRadiusKilometres / 360 * 1000
    /// A degree of longitude is shorter than a degree of latitude by this factor at the origin.
    public static let eastFactor = cos(originLatitude * .pi / 180)

    public static func point(latitude: Double, longitude: Double) -> MapPoint {
        MapPoint(
            x: (longitude - originLongitude) * metresPerDegree * eastFactor,
            y: (originLatitude - latitude) * metresPerDegree)
    }

    public static func coordinate(of point: MapPoint) -> (latitude: Double, longitude: Double) {
        (originLatitude - point.y / metresPerDegree, originLongitude + point.x / (metresPerDegree * eastFactor))
    }
}

/// A point on Koober's map plane (`MapPlane`), in metres east and south of its origin, or in a zoom level's pixels.
public struct MapPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    func distance(to other: MapPoint) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    func scaled(by factor: Double) -> MapPoint {
        MapPoint(x: x * factor, y: y * factor)
    }
}

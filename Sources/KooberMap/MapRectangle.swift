/// An axis-aligned rectangle on the map plane or in pixels.
public struct MapRectangle: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The smallest rectangle holding `points` (which must not be empty).
    init(enclosing points: [MapPoint]) {
        self.init(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
    }

    func intersects(_ other: MapRectangle) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    func contains(_ other: MapRectangle) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    func insetBy(_ amount: Double) -> MapRectangle {
        MapRectangle(minX: minX + amount, minY: minY + amount, maxX: maxX - amount, maxY: maxY - amount)
    }

    func scaled(by factor: Double) -> MapRectangle {
        MapRectangle(minX: minX * factor, minY: minY * factor, maxX: maxX * factor, maxY: maxY * factor)
    }
}

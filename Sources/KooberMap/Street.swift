/// A street of the map data: one OpenStreetMap way, on the map plane.
public struct Street: Sendable, Hashable {
    public enum Level: Sendable, Hashable {
        case ground
        /// Drawn over water like any street.
        case bridge
        /// Not drawn: it runs under the ground or the water.
        case tunnel
    }

    public let streetClass: StreetClass
    public let level: Level
    /// Empty when OpenStreetMap has none.
    public let name: String
    public let points: [MapPoint]
}

/// A place Koober knows, named on the map where it is.
public struct Landmark: Sendable, Hashable {
    public let name: String
    public let point: MapPoint
}

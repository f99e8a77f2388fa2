/// One tile of the base map: a square of `MapZoom.tileSize` pixels at a zoom level, counted from the map plane's
/// origin (columns east, rows south; negative to the west and north).
public struct MapTileKey: Sendable, Hashable {
    public let zoom: MapZoom
    public let column: Int
    public let row: Int

    public init(zoom: MapZoom, column: Int, row: Int) {
        self.zoom = zoom
        self.column = column
        self.row = row
    }

    /// The tile's square in the zoom level's pixels.
    var pixels: MapRectangle {
        let size = Double(MapZoom.tileSize)
        return MapRectangle(
            minX: Double(column) * size, minY: Double(row) * size, maxX: Double(column + 1) * size,
            maxY: Double(row + 1) * size)
    }

    /// The tile's path, `/map/<zoom>/<column>/<row>.svg`, without the version.
    public var path: String { "/map/\(zoom.level)/\(column)/\(row).svg" }

    /// The key a path names, or `nil` (a forged path never traps: every number is range-checked first). Whether the
    /// tile is drawn at all is `MapTiles.contains(_:)`'s question.
    public init?(path: String) {
        guard path.hasPrefix("/map/"), path.hasSuffix(".svg") else { return nil }
        let parts = path.dropFirst("/map/".count).dropLast(".svg".count).split(
            separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count <= 6 && !$0.isEmpty }),
            let level = Int(parts[0]), let zoom = MapZoom(level: level),
            let column = Int(parts[1]), let row = Int(parts[2])
        else { return nil }
        // Int's parsing takes "+5" and "-0": only the one spelling a page writes names a tile.
        guard "\(level)" == parts[0], "\(column)" == parts[1], "\(row)" == parts[2] else { return nil }
        self.init(zoom: zoom, column: column, row: row)
    }
}

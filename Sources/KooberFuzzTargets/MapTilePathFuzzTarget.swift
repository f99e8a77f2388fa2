import KooberMap

/// A map tile's path (`MapTileKey(path:)`, issue 20): any client may ask for any `/map/…` path. Parsing never
/// traps, accepts only a zoom Koober draws and numbers written as a page writes them, and what it accepts prints
/// back to the same path; drawing an accepted tile never traps either.
public struct MapTilePathFuzzTarget: FuzzTarget {
    public let name = "map-tile-path"
    private let tiles: MapTiles?

    public init() {
        tiles = try? MapTiles.sydney.get()
    }

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let path = String(decoding: input, as: UTF8.self)
        guard let key = MapTileKey(path: path) else { return }
        guard key.path == path, MapZoom.levels.contains(key.zoom.level) else {
            throw FuzzFinding("\(path.debugDescription) parsed as \(key.path)")
        }
        guard let tiles else { throw FuzzFinding("the map data does not parse") }
        if let svg = tiles.svg(for: key), !svg.hasPrefix("<svg") {
            throw FuzzFinding("\(key.path) drew no SVG")
        }
    }
}

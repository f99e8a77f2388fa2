import Synchronization

/// The base map's tiles: which exist, and each one's SVG, drawn the first time it is asked for and then kept.
///
/// Kept without limit, because the tiles are finitely many: those that overlap the water's region at each zoom
/// level Koober draws (about 700, a few megabytes if every one were fetched; docs/architecture.md, "The map").
public final class MapTiles: Sendable {
    public let data: MapData
    private let state = Mutex(State())

    private struct State {
        var layers: [MapZoom: MapLayer] = [:]
        var drawn: [MapTileKey: String] = [:]

        mutating func layer(data: MapData, zoom: MapZoom) -> MapLayer {
            if let layer = layers[zoom] { return layer }
            let layer = MapLayer(data: data, zoom: zoom)
            layers[zoom] = layer
            return layer
        }
    }

    public init(data: MapData) {
        self.data = data
    }

    /// Sydney's tiles, one set per process (the data is parsed once).
    public static let sydney = MapData.sydney.map { MapTiles(data: $0) }

    /// The side of a tile's image, in the map's pixels: a tile reaches a pixel past its square, under its neighbours.
    public static let imageSize = MapZoom.tileSize + MapTileRenderer.bleed

    /// Names the drawing: it changes when the data or the style does.
    public var version: String { data.version }

    /// Whether `key` is a tile of the map: one that reaches into the region whose water is known. Beyond it the map
    /// shows land, which the page's own background draws.
    public func contains(_ key: MapTileKey) -> Bool {
        key.pixels.intersects(data.bounds.scaled(by: key.zoom.pixelsPerMetre))
    }

    /// The tile's SVG document, or `nil` when it is not a tile of the map.
    public func svg(for key: MapTileKey) -> String? {
        guard contains(key) else { return nil }
        return state.withLock { state in
            if let svg = state.drawn[key] { return svg }
            let svg = MapTileRenderer.svg(for: key, layer: state.layer(data: data, zoom: key.zoom))
            state.drawn[key] = svg
            return svg
        }
    }

    /// The level's simplified geometry and street names, made the first time they are needed.
    func layer(at zoom: MapZoom) -> MapLayer {
        state.withLock { $0.layer(data: data, zoom: zoom) }
    }

    /// How many tiles have been drawn so far.
    public var drawnCount: Int { state.withLock { $0.drawn.count } }
}

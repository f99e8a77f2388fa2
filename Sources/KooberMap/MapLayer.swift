/// The map at one zoom level, in that level's pixels: the water and the streets simplified to what a pixel shows,
/// and the names placed. Made once per level, the first time a tile of the level is drawn.
struct MapLayer: Sendable {
    struct Line: Sendable {
        let street: Street
        let box: MapRectangle
    }

    let zoom: MapZoom
    let water: [[MapPoint]]
    /// The streets drawn at this level, least important first, tunnels left out.
    let lines: [Line]
    let names: [MapName]

    /// Half a pixel: below what the eye tells apart.
    static let tolerance = 0.5

    init(data: MapData, zoom: MapZoom) {
        self.zoom = zoom
        let scale = zoom.pixelsPerMetre
        water = data.water.map { ring in
            PolylineSimplifier.simplify(ring: ring.map { $0.scaled(by: scale) }, tolerance: Self.tolerance)
        }
        let streets = data.streets.compactMap { street -> Street? in
            guard street.level != .tunnel, zoom.level >= MapStyle.leastZoom(of: street.streetClass) else { return nil }
            let points = PolylineSimplifier.simplify(
                street.points.map { $0.scaled(by: scale) }, tolerance: Self.tolerance)
            return Street(streetClass: street.streetClass, level: street.level, name: street.name, points: points)
        }
        lines = streets.sorted { $0.streetClass < $1.streetClass }.map {
            Line(street: $0, box: MapRectangle(enclosing: $0.points))
        }
        // Room kept for Koober's places first (riders know a city by its places: the page draws them over the tiles,
        // `MapFrame.landmarkNames`), then the streets' names where they fit, the main roads' first.
        var placer = MapNamePlacer(zoom: zoom)
        if zoom.level >= MapStyle.leastLandmarkZoom {
            placer.place(landmarks: data.landmarks, fontSize: MapStyle.landmarkFontSize)
        }
        placer.place(streets: streets)
        names = placer.placed
    }
}

/// A view of the map: a `width` × `height` frame at a zoom level, centred where its points are.
///
/// The zoom is the closest level that holds every point with `marginFraction` of each side free, and shows at least
/// `minimumSpanKilometres` (one point alone, or two at one spot, still gets a sensible view), within the levels Koober
/// draws. The centre lies on a whole pixel, so the tiles under the frame start on whole pixels too.
public struct MapFrame: Sendable, Hashable {
    public let width: Double
    public let height: Double
    public let zoom: MapZoom
    /// The frame's centre in the zoom level's pixels.
    public let centre: MapPoint

    public init(
        fitting points: [MapPoint], width: Double, height: Double,
        marginFraction: Double = 0.12, minimumSpanKilometres: Double = 1
    ) {
        self.width = width
        self.height = height
        let box = points.isEmpty ? MapRectangle(minX: 0, minY: 0, maxX: 0, maxY: 0) : MapRectangle(enclosing: points)
        let spanEast = (box.maxX - box.minX) / 1000, spanSouth = (box.maxY - box.minY) / 1000
        let fitted = min(
            width * (1 - 2 * marginFraction) / max(spanEast, minimumSpanKilometres),
            height * (1 - 2 * marginFraction) / max(spanSouth, minimumSpanKilometres))
        zoom = MapZoom.fitting(pixelsPerKilometre: fitted)
        let scale = zoom.pixelsPerMetre
        centre = MapPoint(
            x: ((box.minX + box.maxX) / 2 * scale).rounded(), y: ((box.minY + box.maxY) / 2 * scale).rounded())
    }

    /// Where a point of the map plane lands in the frame's viewBox.
    public func point(for planePoint: MapPoint) -> MapPoint {
        let scale = zoom.pixelsPerMetre
        return MapPoint(x: width / 2 + planePoint.x * scale - centre.x, y: height / 2 + planePoint.y * scale - centre.y)
    }

    /// The frame's centre as latitude and longitude.
    public var centreCoordinate: (latitude: Double, longitude: Double) {
        MapPlane.coordinate(of: centre.scaled(by: 1 / zoom.pixelsPerMetre))
    }

    /// A tile under the frame and where its top left corner lands in the viewBox.
    public struct PlacedTile: Sendable, Hashable {
        public let key: MapTileKey
        public let x: Double
        public let y: Double
    }

    /// The tiles of `tiles` that cover `extent` (in viewBox units), row by row.
    public func tiles(covering extent: MapRectangle, of tiles: MapTiles) -> [PlacedTile] {
        let size = Double(MapZoom.tileSize)
        let left = centre.x - width / 2, top = centre.y - height / 2
        let columns =
            Int(((left + extent.minX) / size).rounded(.down))...Int(((left + extent.maxX) / size).rounded(.down))
        let rows = Int(((top + extent.minY) / size).rounded(.down))...Int(((top + extent.maxY) / size).rounded(.down))
        return rows.flatMap { row in
            columns.compactMap { column in
                let key = MapTileKey(zoom: zoom, column: column, row: row)
                guard tiles.contains(key) else { return nil }
                return PlacedTile(key: key, x: Double(column) * size - left, y: Double(row) * size - top)
            }
        }
    }
}

extension MapFrame {
    /// A place's name on a view: its dot, and where its text starts (both in viewBox units).
    public struct LandmarkName: Sendable, Hashable {
        public let text: String
        public let dot: MapPoint
        public let start: MapPoint
    }

    /// The names of Koober's places on this view, drawn by the page over the tiles (so that a place that is a pin is
    /// named once, by its pin), where each fits within `extent` beside the tiles' street names and what `occupied`
    /// holds (pins and their labels, in viewBox units). None further out than `MapStyle.leastLandmarkZoom`.
    public func landmarkNames(
        of tiles: MapTiles, within extent: MapRectangle, avoiding occupied: [MapRectangle]
    ) -> [LandmarkName] {
        guard zoom.level >= MapStyle.leastLandmarkZoom else { return [] }
        let offset = MapPoint(x: centre.x - width / 2, y: centre.y - height / 2)
        func shifted(_ box: MapRectangle) -> MapRectangle {
            MapRectangle(
                minX: box.minX + offset.x, minY: box.minY + offset.y, maxX: box.maxX + offset.x,
                maxY: box.maxY + offset.y)
        }
        let reach = shifted(extent)
        let inside = tiles.data.landmarks.filter { landmark in
            let point = landmark.point.scaled(by: zoom.pixelsPerMetre)
            return reach.contains(MapRectangle(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y))
        }
        let streetNames = tiles.layer(at: zoom).names.compactMap { name -> MapRectangle? in
            guard case .street = name.kind, name.box.intersects(reach) else { return nil }
            return name.box
        }
        var placer = MapNamePlacer(zoom: zoom, occupied: occupied.map(shifted) + streetNames)
        placer.place(landmarks: inside, fontSize: MapStyle.landmarkFontSize)
        return placer.placed.compactMap { name in
            guard case .landmark(let dot) = name.kind, reach.contains(name.box) else { return nil }
            return LandmarkName(
                text: name.text, dot: MapPoint(x: dot.x - offset.x, y: dot.y - offset.y),
                start: MapPoint(x: name.point.x - offset.x, y: name.point.y - offset.y))
        }
    }
}

/// A zoom level of the map: how many pixels a kilometre takes. Each level is √2 times closer than the one before,
/// so a view framed at the closest level that holds its pins uses between 71 % and 100 % of the room it has.
public struct MapZoom: Sendable, Hashable, Comparable {
    public let level: Int

    /// From the whole region (Manly and the airport with the centre: 16 px/km) to the streets of the centre
    /// (256 px/km, about 1.4 km across a phone).
    public static let least = MapZoom(uncheckedLevel: 8)
    public static let greatest = MapZoom(uncheckedLevel: 16)
    public static let levels = (least.level...greatest.level)

    /// The side of a tile, in pixels.
    public static let tileSize = 256

    private init(uncheckedLevel level: Int) {
        self.level = level
    }

    /// `nil` for a level Koober does not draw.
    public init?(level: Int) {
        guard Self.levels.contains(level) else { return nil }
        self.level = level
    }

    /// Pixels per kilometre: 256 at level 16, halved every two levels.
    public var pixelsPerKilometre: Double {
        256 * Double.pow2(halfSteps: level - Self.greatest.level)
    }

    /// Pixels per metre of the map plane.
    public var pixelsPerMetre: Double { pixelsPerKilometre / 1000 }

    /// The closest level whose scale is no greater than `pixelsPerKilometre`, within the levels drawn.
    public static func fitting(pixelsPerKilometre: Double) -> MapZoom {
        var zoom = greatest
        while zoom > least, zoom.pixelsPerKilometre > pixelsPerKilometre {
            zoom = MapZoom(uncheckedLevel: zoom.level - 1)
        }
        return zoom
    }

    public static func < (lhs: MapZoom, rhs: MapZoom) -> Bool { lhs.level < rhs.level }
}

extension Double {
    /// 2^(steps / 2), exactly for whole powers of two.
    static func pow2(halfSteps steps: Int) -> Double {
        let whole = Double(sign: .plus, exponent: steps >> 1, significand: 1)
        return steps & 1 == 0 ? whole : whole * 2.0.squareRoot()
    }
}

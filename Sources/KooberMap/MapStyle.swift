/// How the base map looks: Koober's palette, calm enough that the pins, the route and the animal stand out.
public enum MapStyle {
    /// Part of every tile's version: change it whenever the drawing changes, so browsers fetch the new tiles.
    static let version = "style-1"

    public static let land = "#EEF3F1"
    public static let water = "#B4D8E7"
    static let labelColour = "#4E5A5F"
    static let fontFamily = "system-ui, sans-serif"

    /// The closest zoom level at which a class is drawn at all: the city's main roads first, side streets only
    /// where they are more than a smudge.
    static func leastZoom(of streetClass: StreetClass) -> Int {
        switch streetClass {
        case .motorway, .primary: 11
        case .secondary: 12
        case .tertiary: 13
        case .minor: 14
        case .path: 15
        }
    }

    /// The width of a street's line at the closest zoom, in pixels; further out it narrows with the scale, never
    /// below a hairline.
    static func width(of streetClass: StreetClass, at zoom: MapZoom) -> Double {
        let closest: Double =
            switch streetClass {
            case .motorway: 7
            case .primary: 6
            case .secondary: 5
            case .tertiary: 4
            case .minor: 2.6
            case .path: 1.4
            }
        let scale = Double.pow2(halfSteps: zoom.level - MapZoom.greatest.level)
        return max(0.6, closest * scale.squareRoot())
    }

    static func fill(of streetClass: StreetClass) -> String {
        switch streetClass {
        case .motorway: "#FBE2BA"
        case .primary: "#FFF4DE"
        default: "#FFFFFF"
        }
    }

    static func casing(of streetClass: StreetClass, level: Street.Level) -> String {
        if level == .bridge { return "#8E9BA1" }
        return switch streetClass {
        case .motorway: "#DDB98A"
        case .primary: "#DCCCB0"
        default: "#CAD2D5"
        }
    }

    /// Streets get a casing (a darker edge) where they are wide enough to show one.
    static func hasCasing(at zoom: MapZoom) -> Bool { zoom.level >= 14 }

    /// Street names are drawn from this level, landmarks' from the one before.
    static let leastLabelledZoom = 15
    static let leastLandmarkZoom = 14
    /// The size of Koober's places' names, in the map's pixels.
    public static let landmarkFontSize = 11.0
    static func labelFontSize(at zoom: MapZoom) -> Double { zoom.level >= 16 ? 10 : 9 }
}

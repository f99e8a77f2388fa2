/// How a street is drawn: OpenStreetMap's `highway` classes, grouped by how much a rider needs to see them.
/// Ordered from the least to the most important: the more important are drawn later, on top, and wider.
public enum StreetClass: Int, Sendable, CaseIterable, Comparable {
    case path
    case minor
    case tertiary
    case secondary
    case primary
    case motorway

    /// OpenStreetMap's class; a link road counts as the class below the road it links.
    init?(highway: String) {
        switch highway {
        case "motorway", "trunk": self = .motorway
        case "motorway_link", "trunk_link", "primary": self = .primary
        case "primary_link", "secondary": self = .secondary
        case "secondary_link", "tertiary": self = .tertiary
        case "tertiary_link", "residential", "unclassified", "living_street", "service": self = .minor
        case "pedestrian", "footway", "steps", "cycleway", "path": self = .path
        default: return nil
        }
    }

    public static func < (lhs: StreetClass, rhs: StreetClass) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Main streets carry their names on the map.
    var isNamed: Bool { self >= .tertiary }
}

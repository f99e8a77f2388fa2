import Foundation

/// The fleet's spatial index (docs/architecture.md, "The dispatcher"): the Earth cut into cells about 19 m a side,
/// each named by a Z-order key, which every store keeps beside an animal's position (`cell(of:)`) and indexes with its
/// ride option. A square of 2^level × 2^level cells is one range of keys, so the squares around a pick-up are looked
/// up in a few index ranges however large the fleet is.
///
/// `FleetGridSearch` finds the nearest animal through these keys.
public enum FleetGrid {
    /// Bits of a cell's column; its row has one fewer (rows span 180° of latitude, columns 360° of longitude).
    static let columnBits = 21
    /// A cell's side in degrees: 360° / 2^21.
    static let cellDegrees = 360.0 / Double(1 << columnBits)
    static let rowCount = 1 << (columnBits - 1)
    static let columnCount = 1 << columnBits
    /// The largest squares looked in before the whole fleet is: 2^16 cells, about 11° a side.
    static let highestLevel = 16

    /// The key of the cell `location` lies in.
    public static func cell(of location: Location) -> Int64 {
        key(row: row(of: location.latitude), column: column(of: location.longitude))
    }

    static func row(of latitude: Double) -> Int {
        index(of: latitude + 90, count: rowCount)
    }

    static func column(of longitude: Double) -> Int {
        index(of: longitude + 180, count: columnCount)
    }

    private static func index(of degrees: Double, count: Int) -> Int {
        guard degrees.isFinite else { return 0 }
        let cells = (degrees / cellDegrees).rounded(.down)
        return cells <= 0 ? 0 : cells >= Double(count - 1) ? count - 1 : Int(cells)
    }

    /// The Z-order key: the column's bits at the even places, the row's at the odd ones.
    static func key(row: Int, column: Int) -> Int64 {
        var key: Int64 = 0
        for bit in 0..<columnBits {
            key |= Int64((column >> bit) & 1) << (2 * bit)
            key |= Int64((row >> bit) & 1) << (2 * bit + 1)
        }
        return key
    }
}

import Foundation

/// The 3 × 3 squares of `FleetGrid` cells, 2^level cells a side each, centred on the square a location lies in: the
/// ranges of keys they cover, and how near the location anything outside them can be.
struct FleetGridBlock: Equatable {
    /// Ranges of cell keys, ascending, adjacent ones merged.
    let cells: [ClosedRange<Int64>]
    /// No point outside the block is nearer the location than this; 0 where the block would leave the grid (at the
    /// poles or the antimeridian), where the search goes on to the next level and, past the last, to every animal.
    let reachKilometres: Double

    init(around location: Location, level: Int) {
        let size = 1 << level
        let row = FleetGrid.row(of: location.latitude) >> level
        let column = FleetGrid.column(of: location.longitude) >> level
        let rows = FleetGrid.rowCount >> level
        let columns = FleetGrid.columnCount >> level
        let squares = (row - 1...row + 1).flatMap { square in (column - 1...column + 1).map { (square, $0) } }
            .filter { (0..<rows).contains($0.0) && (0..<columns).contains($0.1) }
        let width = Int64(size) * Int64(size)
        var ranges: [ClosedRange<Int64>] = []
        for first in squares.map({ FleetGrid.key(row: $0.0, column: $0.1) * width }).sorted() {
            if let last = ranges.last, last.upperBound + 1 == first {
                ranges[ranges.count - 1] = last.lowerBound...(first + width - 1)
            } else {
                ranges.append(first...(first + width - 1))
            }
        }
        cells = ranges
        guard squares.count == 9 else {
            reachKilometres = 0
            return
        }
        // The location lies in the middle square, so whatever is outside is at least a square's side away: along a
        // meridian, R × side; across meridians, at the block's latitude farthest from the equator (haversine, with
        // the latitudes' term dropped), 2R asin(cos φ sin(side / 2)).
        let side = FleetGrid.cellDegrees * Double(size) * .pi / 180
        let south = Double(row - 1) * FleetGrid.cellDegrees * Double(size) - 90
        let north = Double(row + 2) * FleetGrid.cellDegrees * Double(size) - 90
        let farthest = max(abs(south), abs(north)) * .pi / 180
        let radius = Location.earthRadiusKilometres
        let across = farthest >= .pi / 2 ? 0 : 2 * radius * asin(min(1, cos(farthest) * sin(side / 2)))
        reachKilometres = min(radius * side, across)
    }
}

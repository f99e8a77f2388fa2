/// A search for the animal nearest a location through the fleet's spatial index (`FleetGrid`), led by the store that
/// reads: it asks for the animals in a block of 3 × 3 squares of cells around the location, the smallest first, each
/// level's squares twice the size of the last, and stops at the first block whose nearest animal is nearer than
/// anything outside the block can be (`FleetGridBlock.reachKilometres`); past the largest block it asks for every
/// animal. The answer is exactly a scan's: the same distance, then the lowest id (`Animal.nearest(among:to:)`).
///
///     var search = FleetGridSearch(around: pickup)
///     while let look = search.nextLook() { search.found(try read(look)) }
///     return search.nearest
public struct FleetGridSearch: Sendable {
    /// Where to look next.
    public enum Look: Equatable, Sendable {
        /// The animals (that may be chosen: free, of the ride's option) whose cells are in these ranges of keys.
        case cells([ClosedRange<Int64>])
        /// Every animal that may be chosen.
        case everywhere
    }

    private let location: Location
    private var level = 0
    private var reach = 0.0
    private var done = false
    /// The nearest animal found; the answer once `nextLook()` returns `nil`.
    public private(set) var nearest: Animal?

    public init(around location: Location) {
        self.location = location
    }

    /// The next place to look, and then `found(_:)` with what is there; `nil` once `nearest` is the answer.
    public mutating func nextLook() -> Look? {
        guard !done else { return nil }
        while level <= FleetGrid.highestLevel {
            let block = FleetGridBlock(around: location, level: level)
            level += 1
            guard block.reachKilometres > 0 else { continue }
            reach = block.reachKilometres
            return .cells(block.cells)
        }
        guard level == FleetGrid.highestLevel + 1 else { return nil }
        level += 1
        reach = .infinity
        return .everywhere
    }

    /// What the last look found.
    public mutating func found(_ animals: [Animal]) {
        nearest = Animal.nearest(among: animals, to: location)
        if let nearest, nearest.location.kilometres(to: location) < reach { done = true }
        if reach == .infinity { done = true }
    }
}

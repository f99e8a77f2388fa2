/// A page of changes to rides (`RideRepository.rideChanges(after:limit:)`): the rides as they are now, in the store's
/// order of changes, and the cursor to read on from.
public struct RideChanges: Sendable, Equatable {
    public let rides: [Ride]
    /// After the last ride of the page; the cursor asked with when the page is empty.
    public let cursor: RideChangeCursor
    /// Some changes are committed but cannot be read yet: an older transaction is still in flight and may yet add a
    /// change before them (PostgreSQL). Whoever publishes should look again soon rather than at its next tick.
    public let heldBack: Bool

    public init(rides: [Ride], cursor: RideChangeCursor, heldBack: Bool = false) {
        self.rides = rides
        self.cursor = cursor
        self.heldBack = heldBack
    }

    /// A page of a store whose revisions are its order of changes (SQLite, in memory): read after `cursor`, lowest
    /// revision first; it goes on from its last ride's revision.
    public init(inRevisionOrder rides: [Ride], after cursor: RideChangeCursor) {
        let last = rides.last.map { RideChangeCursor(position: $0.revision, rideID: $0.id.rawValue) }
        self.init(rides: rides, cursor: last ?? cursor)
    }
}

/// A place in a store's order of changes to rides: how far a process's streams have heard (`RideRepository`'s
/// `rideChanges(after:limit:)`). Changes come in `(position, rideID)` order; what a position is belongs to the store.
/// SQLite and the in-memory store: the revision the change gave its ride (one writer at a time gives them in commit
/// order). PostgreSQL: the id of the transaction that wrote it, read only once every older transaction has ended
/// (`PostgresRideRepository`), so a change is never heard of after a later one in the order.
public struct RideChangeCursor: Hashable, Sendable, Comparable {
    public let position: Int64
    /// Orders the changes one transaction made to several rides.
    public let rideID: Int64

    public init(position: Int64, rideID: Int64) {
        self.position = position
        self.rideID = rideID
    }

    /// Before every change: what `rideChanges(after:)` reads every stored ride from.
    public static let beginning = RideChangeCursor(position: 0, rideID: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.position, lhs.rideID) < (rhs.position, rhs.rideID)
    }
}

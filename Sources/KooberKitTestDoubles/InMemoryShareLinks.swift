import KooberKit
import Synchronization

/// The share links of the in-memory store, by ride, shared by the sessions (whose `deleteAll` ends a rider's links in
/// the same step, as the databases do in one transaction) and `InMemoryRideShareRepository`.
public final class InMemoryShareLinks: Sendable {
    let links = Mutex([RideID: RideShare]())

    public init() {}

    /// Ends every link of the rider's rides; how many.
    @discardableResult
    func deleteAll(userID: UserID) -> Int {
        links.withLock { links in
            let doomed = links.filter { $0.value.userID == userID }.map(\.key)
            for rideID in doomed { links[rideID] = nil }
            return doomed.count
        }
    }
}

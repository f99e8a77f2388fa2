/// Recent read from a rider's newest rides: the databases walk the rider's history index newest first (`rides_by_user`)
/// for `ridesLimit` rides and keep each place's first (so latest) ride; only when that walk ends before it has
/// `limit` places it can vouch for do they ask the per-place query (one seek per place), whose answer is the same.
///
/// A place is vouched for when its latest ride is newer than the oldest ride walked: no ride beyond the walk can
/// come before it, whatever ties at the same second. A walk shorter than `ridesLimit` has read the whole history.
public struct RecentDropoffWalk: Sendable {
    /// A walked ride: its drop-off and when it was requested (whole seconds since 1970).
    public struct Ride: Sendable {
        public let dropoffID: PlaceID
        public let requestedAtSeconds: Int64

        public init(dropoffID: PlaceID, requestedAtSeconds: Int64) {
            self.dropoffID = dropoffID
            self.requestedAtSeconds = requestedAtSeconds
        }
    }

    /// How many of the rider's newest rides are read: five distinct places are usually among far fewer.
    public static let ridesLimit = 20

    /// Recent's `limit` places' ids, newest first (by the latest ride to each; places whose latest rides share a second
    /// by id, largest first), from `newestRides` (newest first, at most `ridesLimit`); `nil` when the walk cannot
    /// tell and the per-place query must.
    public static func recent(from newestRides: [Ride], limit: Int) -> [PlaceID]? {
        guard limit > 0 else { return [] }
        // A place's first ride is its latest. A few places among at most `ridesLimit` rides: a look along the array
        // costs less than hashing into a set.
        var latest: [Ride] = []
        for ride in newestRides where !latest.contains(where: { $0.dropoffID == ride.dropoffID }) {
            latest.append(ride)
        }
        latest.sort { lhs, rhs in
            lhs.requestedAtSeconds != rhs.requestedAtSeconds
                ? lhs.requestedAtSeconds > rhs.requestedAtSeconds : lhs.dropoffID.rawValue > rhs.dropoffID.rawValue
        }
        let chosen = latest.prefix(limit)
        guard newestRides.count >= ridesLimit else { return chosen.map(\.dropoffID) }
        guard chosen.count == limit, let last = chosen.last, let oldest = newestRides.last,
            last.requestedAtSeconds > oldest.requestedAtSeconds
        else { return nil }
        return chosen.map(\.dropoffID)
    }
}

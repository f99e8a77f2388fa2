/// Recent read from a rider's newest rides: the databases walk the rider's history index newest first (`rides_by_user`)
/// and keep each place's first (so latest) ride, for at most `ridesLimit` rides, stopping as soon as the places are
/// settled; only when the walk cannot settle them do they ask the per-place query (one seek per place), whose answer is
/// the same.
///
/// A place is vouched for when its latest ride is newer than the oldest ride walked: no ride beyond the walk can
/// come before it, whatever ties at the same second. So the walk stops at the first ride older than the `limit`-th
/// place's latest: five places visited in a row take six rides, not `ridesLimit`. A walk that ends before it wanted to
/// stop has read the whole history.
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

    /// The most of the rider's newest rides walked: five distinct places are usually among far fewer.
    public static let ridesLimit = 20

    private let limit: Int
    /// Each place's first ride, so its latest, in the order walked.
    private var latest: [Ride] = []
    private var walked = 0
    private var oldest: Int64?

    /// A walk for Recent's `limit` places.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Whether the walk wants the next newest ride: it has walked fewer than `ridesLimit`, and the places are not yet
    /// settled by a ride older than the `limit`-th place's latest.
    public var wantsMore: Bool {
        guard limit > 0, walked < Self.ridesLimit else { return false }
        guard latest.count >= limit, let oldest else { return true }
        return oldest >= latest[limit - 1].requestedAtSeconds
    }

    /// Takes the next newest ride (newest first; rides at the same second in any order).
    public mutating func visit(_ ride: Ride) {
        walked += 1
        oldest = ride.requestedAtSeconds
        // A few places among at most `ridesLimit` rides: a look along the array costs less than hashing into a set.
        if !latest.contains(where: { $0.dropoffID == ride.dropoffID }) { latest.append(ride) }
    }

    /// Recent's places' ids, newest first (by the latest ride to each; places whose latest rides share a second by id,
    /// largest first), once the walk wants no more or the history has ended; `nil` when the walk cannot tell and the
    /// per-place query must.
    public var recent: [PlaceID]? {
        guard limit > 0 else { return [] }
        let chosen = latest.sorted { lhs, rhs in
            lhs.requestedAtSeconds != rhs.requestedAtSeconds
                ? lhs.requestedAtSeconds > rhs.requestedAtSeconds : lhs.dropoffID.rawValue > rhs.dropoffID.rawValue
        }
        .prefix(limit)
        guard walked >= Self.ridesLimit else { return chosen.map(\.dropoffID) }
        guard chosen.count == limit, let last = chosen.last, let oldest, last.requestedAtSeconds > oldest else {
            return nil
        }
        return chosen.map(\.dropoffID)
    }

    /// Recent from `newestRides` (newest first), walked as far as a walk wants.
    public static func recent(from newestRides: some Sequence<Ride>, limit: Int) -> [PlaceID]? {
        var walk = Self(limit: limit)
        for ride in newestRides {
            guard walk.wantsMore else { break }
            walk.visit(ride)
        }
        return walk.recent
    }
}

import KooberKit
import PostgresNIO

/// Saved places in `saved_places` (migration 9): one row per rider and label, keyed by `SavedPlaceLabel.key`, gone
/// with the rider (`ON DELETE CASCADE`). A change first locks the rider's `users` row (`FOR NO KEY UPDATE`, which
/// leaves the rider's sessions and rides free to refer to it), then reads the rider's labels and applies
/// `SavedPlaceLabelRule`, so two saves at once, from any processes, read the rider's labels one after the other and
/// never pass the limit together.
public struct PostgresSavedPlaceRepository: SavedPlaceRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func savedPlaces(userID: UserID) async throws -> [SavedPlace] {
        try await database.query(
            """
            SELECT s.label, p.id, p.name, p.latitude, p.longitude
            FROM saved_places AS s JOIN places AS p ON p.id = s.place_id
            WHERE s.user_id = \(userID.rawValue)
            """
        )
        .map { row in
            let (label, id, name, latitude, longitude) = try row.decode((String, Int64, String, Double, Double).self)
            return SavedPlace(
                label: SavedPlaceLabel(stored: label),
                place: NamedLocation(
                    id: PlaceID(id), name: name, location: Location(latitude: latitude, longitude: longitude)))
        }
        .listedByLabel(\.label)
    }

    public func save(userID: UserID, label: SavedPlaceLabel, placeID: PlaceID) async throws {
        try await database.transaction { transaction in
            guard !(try await transaction.query("SELECT 1 FROM places WHERE id = \(placeID.rawValue)")).isEmpty else {
                throw SavedPlaceError.unknownPlace
            }
            try await Self.lockRider(userID, in: transaction)
            if let refusal = try await Self.labelRule(userID: userID, in: transaction).refusalToSave(label) {
                throw refusal
            }
            try await transaction.execute(
                """
                INSERT INTO saved_places (user_id, label_key, label, place_id)
                VALUES (\(userID.rawValue), \(label.key), \(label.text), \(placeID.rawValue))
                ON CONFLICT (user_id, label_key) DO UPDATE SET label = excluded.label, place_id = excluded.place_id
                """)
        }
    }

    public func rename(userID: UserID, label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) async throws {
        try await database.transaction { transaction in
            try await Self.lockRider(userID, in: transaction)
            let rule = try await Self.labelRule(userID: userID, in: transaction)
            if let refusal = rule.refusalToRename(label, to: newLabel) { throw refusal }
            try await transaction.execute(
                """
                UPDATE saved_places SET label_key = \(newLabel.key), label = \(newLabel.text)
                WHERE user_id = \(userID.rawValue) AND label_key = \(label.key)
                """)
        }
    }

    @discardableResult
    public func remove(userID: UserID, label: SavedPlaceLabel) async throws -> Bool {
        !(try await database.query(
            """
            DELETE FROM saved_places WHERE user_id = \(userID.rawValue) AND label_key = \(label.key) RETURNING 1
            """
        )).isEmpty
    }

    /// The rider's newest rides first, `RecentDropoffWalk.ridesLimit` of them down `rides_by_user`; only when they
    /// do not settle Recent, for each place the rider's latest ride there, read from `rides_by_user_dropoff` by one
    /// backward index seek (PostgreSQL's MAX on an index's last column): the cost grows with the places at most, not
    /// the rider's rides (`PostgresRecentDropoffsQueryPlanTests`).
    public func recentDropoffs(userID: UserID, limit: Int) async throws -> [NamedLocation] {
        var walkBinds = PostgresBindings(capacity: 2)
        walkBinds.append(userID.rawValue)
        walkBinds.append(Int64(RecentDropoffWalk.ridesLimit))
        // One round trip: the walked rides come with their places.
        var places: [PlaceID: NamedLocation] = [:]
        let newestRides = try await database.query(PostgresQuery(unsafeSQL: Self.newestRidesSQL, binds: walkBinds))
            .map { row in
                let (id, name, latitude, longitude, requestedAt) = try row.decode(
                    (Int64, String, Double, Double, Int64).self)
                places[PlaceID(id)] = NamedLocation(
                    id: PlaceID(id), name: name, location: Location(latitude: latitude, longitude: longitude))
                return RecentDropoffWalk.Ride(dropoffID: PlaceID(id), requestedAtSeconds: requestedAt)
            }
        if let recent = RecentDropoffWalk.recent(from: newestRides, limit: limit) {
            return recent.compactMap { places[$0] }
        }
        var binds = PostgresBindings(capacity: 2)
        binds.append(userID.rawValue)
        binds.append(Int64(max(0, limit)))
        return try await database.query(PostgresQuery(unsafeSQL: Self.recentSQL, binds: binds))
            .map(PostgresPlaceRepository.place(from:))
    }

    /// The rider's newest rides' drop-offs (`$1` the rider, `$2` how many): its plan is checked by the tests.
    static let newestRidesSQL = """
        SELECT p.id, p.name, p.latitude, p.longitude, w.requested_at FROM (
            SELECT r.dropoff_place_id, r.requested_at, r.id FROM rides AS r
            WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id DESC LIMIT $2
        ) AS w
        JOIN places AS p ON p.id = w.dropoff_place_id
        ORDER BY w.requested_at DESC, w.id DESC
        """

    /// The per-place Recent query (`$1` the rider, `$2` the limit): its plan is checked by the tests.
    static let recentSQL = """
        SELECT id, name, latitude, longitude FROM (
            SELECT p.id, p.name, p.latitude, p.longitude,
                (SELECT MAX(r.requested_at) FROM rides AS r WHERE r.user_id = $1 AND r.dropoff_place_id = p.id)
                    AS last_requested_at
            FROM places AS p
        ) AS latest
        WHERE last_requested_at IS NOT NULL
        ORDER BY last_requested_at DESC, id DESC
        LIMIT $2
        """

    private static func lockRider(_ userID: UserID, in transaction: PostgresTransaction) async throws {
        try await transaction.execute("SELECT 1 FROM users WHERE id = \(userID.rawValue) FOR NO KEY UPDATE")
    }

    /// The label rule for the rider's labels as stored now (ten rows at most), read under the rider's lock.
    private static func labelRule(userID: UserID, in transaction: PostgresTransaction) async throws
        -> SavedPlaceLabelRule
    {
        SavedPlaceLabelRule(
            storedKeys: try await transaction.query(
                "SELECT label_key FROM saved_places WHERE user_id = \(userID.rawValue)"
            ).map { try $0.decode(String.self) })
    }
}

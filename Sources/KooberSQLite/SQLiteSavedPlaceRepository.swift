import KooberKit

/// Saved places in `saved_places` (migration 12): one row per rider and label, keyed by `SavedPlaceLabel.key`, gone
/// with the rider (`ON DELETE CASCADE`). A save or rename reads the rider's labels and applies `SavedPlaceLabelRule`;
/// SQLite has one writer, so that read and the write are one step however many saves run at once.
public struct SQLiteSavedPlaceRepository: SavedPlaceRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func savedPlaces(userID: UserID) async throws -> [SavedPlace] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT s.label, p.id, p.name, p.latitude, p.longitude
                FROM saved_places AS s JOIN places AS p ON p.id = s.place_id
                WHERE s.user_id = ?
                """,
                [.integer(userID.rawValue)]
            )
            .map { row in
                SavedPlace(
                    label: SavedPlaceLabel(stored: try row.string("label")),
                    place: try SQLitePlaceRepository.place(from: row))
            }
            .listedByLabel(\.label)
        }
    }

    public func save(userID: UserID, label: SavedPlaceLabel, placeID: PlaceID) async throws {
        try await database.write { connection in
            guard try SQLitePlaceRepository.place(id: placeID, on: connection) != nil else {
                throw SavedPlaceError.unknownPlace
            }
            if let refusal = try Self.labelRule(userID: userID, on: connection).refusalToSave(label) { throw refusal }
            try connection.execute(
                """
                INSERT INTO saved_places (user_id, label_key, label, place_id) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, label_key) DO UPDATE SET label = excluded.label, place_id = excluded.place_id
                """,
                [.integer(userID.rawValue), .text(label.key), .text(label.text), .integer(placeID.rawValue)])
        }
    }

    public func rename(userID: UserID, label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) async throws {
        try await database.write { connection in
            if let refusal = try Self.labelRule(userID: userID, on: connection).refusalToRename(label, to: newLabel) {
                throw refusal
            }
            try connection.execute(
                "UPDATE saved_places SET label_key = ?, label = ? WHERE user_id = ? AND label_key = ?",
                [.text(newLabel.key), .text(newLabel.text), .integer(userID.rawValue), .text(label.key)])
        }
    }

    @discardableResult
    public func remove(userID: UserID, label: SavedPlaceLabel) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(
                "DELETE FROM saved_places WHERE user_id = ? AND label_key = ?",
                [.integer(userID.rawValue), .text(label.key)]) == 1
        }
    }

    /// The rider's newest rides first down `rides_by_user`, row by row until they settle Recent (six rides for five
    /// places in a row, `RecentDropoffWalk.ridesLimit` at most); only when they do not, for each place the rider's
    /// latest ride there, read from `rides_by_user_dropoff` by one seek (SQLite's MAX on an index's last column):
    /// either way a few seeks, however many rides (`RecentDropoffsQueryPlanTests`). The walk reads ids alone; only the
    /// few places it chose are read whole.
    public func recentDropoffs(userID: UserID, limit: Int) async throws -> [NamedLocation] {
        try await database.read { connection in
            try Self.recentDropoffIDs(userID: userID, limit: limit, on: connection).compactMap {
                try SQLitePlaceRepository.place(id: $0, on: connection)
            }
        }
    }

    /// The saved labels and Recent's ids in one read, no place read: Where To? on SQLite.
    public func dropoffShortcuts(userID: UserID, recentLimit: Int) async throws -> DropoffShortcuts {
        try await database.read { connection in
            // Columns by position: this read and the walk are on every Where To?.
            var unsorted: [DropoffShortcuts.Saved] = []
            try connection.query(
                "SELECT label, place_id FROM saved_places WHERE user_id = ?", [.integer(userID.rawValue)]
            ) { row in
                unsorted.append(
                    DropoffShortcuts.Saved(
                        label: SavedPlaceLabel(stored: try row.string(0)), placeID: PlaceID(try row.int64(1))))
                return true
            }
            let saved = unsorted.listedByLabel(\.label)
            let recent =
                recentLimit > 0 ? try Self.recentDropoffIDs(userID: userID, limit: recentLimit, on: connection) : []
            return DropoffShortcuts(saved: saved, recent: recent)
        }
    }

    private static func recentDropoffIDs(userID: UserID, limit: Int, on connection: SQLiteConnection) throws
        -> [PlaceID]
    {
        var walk = RecentDropoffWalk(limit: limit)
        try connection.query(
            newestRidesSQL, [.integer(userID.rawValue), .integer(Int64(RecentDropoffWalk.ridesLimit))]
        ) { row in
            walk.visit(
                RecentDropoffWalk.Ride(dropoffID: PlaceID(try row.int64(0)), requestedAtSeconds: try row.int64(1)))
            return walk.wantsMore
        }
        if let recent = walk.recent { return recent }
        return try connection.query(recentSQL, [.integer(userID.rawValue), .integer(Int64(max(0, limit)))]).map {
            PlaceID(try $0.int64("id"))
        }
    }

    /// The rider's newest rides' drop-offs (`?1` the rider, `?2` how many), newest first: its plan is checked by the
    /// tests.
    static let newestRidesSQL = """
        SELECT dropoff_place_id, requested_at FROM rides
        WHERE user_id = ?1 ORDER BY requested_at DESC, id DESC LIMIT ?2
        """

    /// The per-place Recent query: its plan is checked by the tests.
    static let recentSQL = """
        SELECT id FROM (
            SELECT p.id,
                (SELECT MAX(r.requested_at) FROM rides AS r WHERE r.user_id = ?1 AND r.dropoff_place_id = p.id)
                    AS last_requested_at
            FROM places AS p
        )
        WHERE last_requested_at IS NOT NULL
        ORDER BY last_requested_at DESC, id DESC
        LIMIT ?2
        """

    /// The label rule for the rider's labels as stored now (ten rows at most), in the caller's write.
    private static func labelRule(userID: UserID, on connection: SQLiteConnection) throws -> SavedPlaceLabelRule {
        SavedPlaceLabelRule(
            storedKeys: try connection.query(
                "SELECT label_key FROM saved_places WHERE user_id = ?", [.integer(userID.rawValue)]
            ).map { try $0.string("label_key") })
    }
}

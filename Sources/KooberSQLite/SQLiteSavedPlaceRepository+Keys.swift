import KooberKit

extension SQLiteSavedPlaceRepository {
    /// Migration 16: every stored `label_key` made `SavedPlaceLabel.key`'s again, after the key became case-folded
    /// and composed (issue 41), by KooberKit's `SavedPlaceKeyRewrite`.
    static func rewriteKeys(on connection: SQLiteConnection) throws {
        let rows = try connection.query("SELECT user_id, label_key, label, place_id FROM saved_places").map { row in
            SavedPlaceKeyRewrite.Row(
                userID: try row.int64("user_id"), key: try row.string("label_key"), label: try row.string("label"),
                placeID: try row.int64("place_id"))
        }
        let rewrite = SavedPlaceKeyRewrite(rows: rows)
        for deletion in rewrite.deletions {
            _ = try connection.execute(
                "DELETE FROM saved_places WHERE user_id = ? AND label_key = ?",
                [.integer(deletion.userID), .text(deletion.key)])
        }
        for row in rewrite.insertions {
            _ = try connection.execute(
                "INSERT INTO saved_places (user_id, label_key, label, place_id) VALUES (?, ?, ?, ?)",
                [.integer(row.userID), .text(row.key), .text(row.label), .integer(row.placeID)])
        }
    }
}

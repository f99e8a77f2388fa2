import KooberKit
import PostgresNIO

extension PostgresSavedPlaceRepository {
    /// Migration 12: every stored `label_key` made `SavedPlaceLabel.key`'s again, after the key became case-folded
    /// and composed (issue 41), by KooberKit's `SavedPlaceKeyRewrite`.
    static func rewriteKeys(in transaction: PostgresTransaction) async throws {
        let rows = try await transaction.query("SELECT user_id, label_key, label, place_id FROM saved_places").map {
            row in
            let (userID, key, label, placeID) = try row.decode((Int64, String, String, Int64).self)
            return SavedPlaceKeyRewrite.Row(userID: userID, key: key, label: label, placeID: placeID)
        }
        let rewrite = SavedPlaceKeyRewrite(rows: rows)
        for deletion in rewrite.deletions {
            try await transaction.execute(
                "DELETE FROM saved_places WHERE user_id = \(deletion.userID) AND label_key = \(deletion.key)")
        }
        for row in rewrite.insertions {
            try await transaction.execute(
                """
                INSERT INTO saved_places (user_id, label_key, label, place_id)
                VALUES (\(row.userID), \(row.key), \(row.label), \(row.placeID))
                """)
        }
    }
}

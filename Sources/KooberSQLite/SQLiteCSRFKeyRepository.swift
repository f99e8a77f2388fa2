import KooberKit

/// The form-signing key in the one-row `csrf_key` table (migration 4).
public struct SQLiteCSRFKeyRepository: CSRFKeyRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Insert-if-absent and read back in one write transaction: of two processes starting at once, the second
    /// waits for the first's commit and then reads its key.
    public func key(storingIfAbsent candidate: CSRFKey) async throws -> CSRFKey {
        let bytes = try await database.write { connection in
            try connection.execute(
                "INSERT OR IGNORE INTO csrf_key (id, secret) VALUES (1, ?)", [.blob(candidate.bytes)]
            )
            let row = try connection.query("SELECT secret FROM csrf_key WHERE id = 1").first
            return try row?.blob("secret")
        }
        // The table's CHECK keeps the length right; a file edited by hand could still break it.
        guard let bytes, let key = CSRFKey(bytes: bytes) else {
            throw SQLiteError.invalidValue(column: "csrf_key.secret", reason: "no key of \(CSRFKey.byteCount) bytes")
        }
        return key
    }
}

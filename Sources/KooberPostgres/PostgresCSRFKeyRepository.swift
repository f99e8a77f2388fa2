import KooberKit
import NIOCore
import PostgresNIO

/// The form-signing key in the one-row `csrf_key` table: every process signs and verifies with the same key.
public struct PostgresCSRFKeyRepository: CSRFKeyRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Insert-if-absent, then read back: of two processes starting at once, the second's insert does nothing and it
    /// reads the first's key.
    public func key(storingIfAbsent candidate: CSRFKey) async throws -> CSRFKey {
        let rows = try await database.transaction { transaction in
            try await transaction.execute(
                """
                INSERT INTO csrf_key (id, secret) VALUES (1, \(ByteBuffer(bytes: candidate.bytes)))
                ON CONFLICT (id) DO NOTHING
                """
            )
            return try await transaction.query("SELECT secret FROM csrf_key WHERE id = 1")
        }
        guard let buffer = try rows.first?.decode(ByteBuffer.self),
            let key = CSRFKey(bytes: Array(buffer.readableBytesView))
        else {
            throw PostgresStoreError.invalidValue("csrf_key.secret is not a key of \(CSRFKey.byteCount) bytes")
        }
        return key
    }
}

/// A stored value Koober cannot read back (a table edited by hand).
enum PostgresStoreError: Error, CustomStringConvertible {
    case invalidValue(String)

    var description: String {
        switch self {
        case .invalidValue(let what): what
        }
    }
}

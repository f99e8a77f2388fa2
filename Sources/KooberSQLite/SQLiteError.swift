import CSQLite

/// A failure of the SQLite layer: SQLite's own result code and message, or a misuse this layer detects.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A constraint refused the change (UNIQUE, PRIMARY KEY, FOREIGN KEY, NOT NULL, CHECK).
    /// `code` is SQLite's extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE`.
    case constraint(code: Int32, message: String)
    /// Any other failed SQLite call, with its extended result code and `sqlite3_errmsg` text.
    case failure(code: Int32, message: String)
    /// The file's schema (`PRAGMA user_version`, or a migration it records) is newer than the migrations this code
    /// knows: refusing it keeps an older build from writing into a database it does not understand.
    case schemaTooNew(fileVersion: Int, latestKnownVersion: Int)
    /// The file records migrations this code does not know, numbered below its latest (another build's).
    case unknownMigrations([Int])
    /// The migration list does not start at 1 or its versions do not increase.
    case invalidMigrations(String)
    /// A row has no column of this name.
    case noSuchColumn(String)
    /// A column holds a value of another type than the one asked for (or NULL).
    case typeMismatch(column: String, expected: String, found: SQLiteValue)
    /// A column holds a value of the right type that is not valid there (described without the value, which may
    /// be a secret).
    case invalidValue(column: String, reason: String)
    /// The connection or database was used after it was closed.
    case closed

    /// Builds the error for a failed call, telling constraint violations apart.
    init(code: Int32, message: String) {
        if code & 0xFF == SQLITE_CONSTRAINT {
            self = .constraint(code: code, message: message)
        } else {
            self = .failure(code: code, message: message)
        }
    }

    /// True for a UNIQUE or PRIMARY KEY violation: the row already exists.
    public var isUniqueViolation: Bool {
        guard case .constraint(let code, _) = self else { return false }
        return code == Self.constraintUnique || code == Self.constraintPrimaryKey
    }

    /// True when a FOREIGN KEY refused the change, e.g. a session for a user that does not exist.
    public var isForeignKeyViolation: Bool {
        guard case .constraint(let code, _) = self else { return false }
        return code == Self.constraintForeignKey
    }

    // sqlite3.h defines the extended codes as macro expressions, which Swift does not import.
    static let constraintForeignKey = SQLITE_CONSTRAINT | (3 << 8)
    static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)

    public var description: String {
        switch self {
        case .constraint(let code, let message), .failure(let code, let message):
            "SQLite error \(code): \(message)"
        case .schemaTooNew(let fileVersion, let latest):
            "The database schema is version \(fileVersion), newer than this build knows (\(latest)); "
                + "run a newer Koober or use another database file"
        case .unknownMigrations(let versions):
            "The database records migrations \(versions), which this build does not know; run the build that made it"
        case .invalidMigrations(let reason):
            "Invalid migrations: \(reason)"
        case .noSuchColumn(let name):
            "No column named \(name)"
        case .typeMismatch(let column, let expected, let found):
            "Column \(column) holds \(found), not \(expected)"
        case .invalidValue(let column, let reason):
            "Column \(column) holds an invalid value: \(reason)"
        case .closed:
            "The database is closed"
        }
    }
}

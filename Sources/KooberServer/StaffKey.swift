import KooberApp
import KooberKit
import Logging

/// The staff key `koober` serves Koober Ops with (docs/security.md, "Koober Ops' secrets").
enum StaffKey {
    /// The sealer of the staff key: the file's (`--staff-key-file`, `KOOBER_STAFF_KEY_FILE`, or beside an SQLite file,
    /// where it is made on first use); a key of this process alone for `:memory:`, whose staff die with it; and `nil`
    /// for PostgreSQL without a file (Koober Ops then answers that it is not set up: every process on one database must
    /// share one key, so none is made up). A file that is named but missing or unreadable stops start-up.
    static func sealer(_ settings: KooberSettings, logger: Logger) throws -> StaffSecretSealer? {
        if let path = settings.staffKeyFile {
            guard case .sqlite = settings.database else {
                return try StaffKeyFile.sealer(at: path, createIfMissing: false)
            }
            return try StaffKeyFile.sealer(at: path, createIfMissing: true)
        }
        guard case .sqlite = settings.database else {
            logger.notice("Koober Ops is off: PostgreSQL needs --staff-key-file (or KOOBER_STAFF_KEY_FILE)")
            return nil
        }
        return StaffSecretSealer.withNewKey()
    }
}

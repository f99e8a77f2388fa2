import Foundation
import KooberKit

/// Koober Ops' staff in the `staff` table and their sessions in `staff_sessions` (migration 18); a session goes with its
/// member (`ON DELETE CASCADE`). One writer: every check and its change are one statement, or one transaction.
public struct SQLiteStaffRepository: StaffRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// What `member(from:)` reads, of the `staff` table.
    static let memberColumns = """
        id, email, name, role, password_hash IS NOT NULL AS enrolled, last_sign_in_at
        """

    /// One statement: an insert, or for an email not enrolled the update of its name, role and link; nothing comes
    /// back when the email is an enrolled member's.
    public func add(_ member: NewStaffMember) async throws -> StaffMember {
        let rows = try await database.write { connection in
            try connection.query(
                """
                INSERT INTO staff (email, name, role, enrolment_token_hash, enrolment_expires_at, added_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (email) DO UPDATE SET
                    name = excluded.name, role = excluded.role, enrolment_token_hash = excluded.enrolment_token_hash,
                    enrolment_expires_at = excluded.enrolment_expires_at
                WHERE staff.password_hash IS NULL
                RETURNING \(Self.memberColumns)
                """,
                [
                    .text(member.email), .text(member.name), .text(member.role.rawValue),
                    .text(member.enrolmentTokenHash.hex), .unixSeconds(member.enrolmentExpiresAt),
                    .unixSeconds(member.addedAt),
                ]
            )
        }
        guard let row = rows.first else { throw StaffRepositoryError.alreadyEnrolled }
        return try Self.member(from: row)
    }

    public func list() async throws -> [StaffMember] {
        try await database.read { connection in
            try connection.query("SELECT \(Self.memberColumns) FROM staff ORDER BY email").map(Self.member(from:))
        }
    }

    public func remove(email: String) async throws -> StaffMember? {
        let email = EmailAddress.normalize(email)
        return try await database.write { connection in
            try connection.query("DELETE FROM staff WHERE email = ? RETURNING \(Self.memberColumns)", [.text(email)])
                .first.map(Self.member(from:))
        }
    }

    public func enrolment(tokenHash: StaffTokenHash, at now: Date) async throws -> StaffMember? {
        try await database.read { connection in
            try connection.query(
                """
                SELECT \(Self.memberColumns) FROM staff
                WHERE enrolment_token_hash = ? AND enrolment_expires_at > ? AND password_hash IS NULL
                """,
                [.text(tokenHash.hex), .unixSeconds(now)]
            )
            .first.map(Self.member(from:))
        }
    }

    public func enrol(_ enrolment: StaffEnrolment) async throws -> Bool {
        let changed = try await database.write { connection in
            try connection.execute(
                """
                UPDATE staff SET password_hash = ?, totp_secret = ?, enrolled_at = ?,
                    enrolment_token_hash = NULL, enrolment_expires_at = NULL
                WHERE id = ? AND enrolment_token_hash = ? AND enrolment_expires_at > ? AND password_hash IS NULL
                """,
                [
                    .text(enrolment.passwordHash), .blob(enrolment.sealedSecret.bytes), .unixSeconds(enrolment.now),
                    .integer(enrolment.staffID.rawValue), .text(enrolment.tokenHash.hex), .unixSeconds(enrolment.now),
                ]
            )
        }
        return changed == 1
    }

    public func credentials(forEmail email: String) async throws -> StaffCredentials? {
        let email = EmailAddress.normalize(email)
        return try await database.read { connection in
            try connection.query(
                """
                SELECT \(Self.memberColumns), password_hash, totp_secret, last_totp_step FROM staff
                WHERE email = ? AND password_hash IS NOT NULL
                """,
                [.text(email)]
            )
            .first.map { row in
                StaffCredentials(
                    member: try Self.member(from: row), passwordHash: try row.string("password_hash"),
                    sealedSecret: SealedTOTPSecret(bytes: try row.blob("totp_secret")),
                    lastTOTPStep: try row.optional("last_totp_step", row.int64))
            }
        }
    }

    public func recordTOTPStep(_ step: Int64, staffID: StaffID) async throws -> Bool {
        let changed = try await database.write { connection in
            try connection.execute(
                "UPDATE staff SET last_totp_step = ? WHERE id = ? AND (last_totp_step IS NULL OR last_totp_step < ?)",
                [.integer(step), .integer(staffID.rawValue), .integer(step)]
            )
        }
        return changed == 1
    }

    public func recordSignIn(staffID: StaffID, at now: Date) async throws {
        try await database.write { connection in
            try connection.execute(
                "UPDATE staff SET last_sign_in_at = ? WHERE id = ?", [.unixSeconds(now), .integer(staffID.rawValue)])
        }
    }

    /// The member's row is read by the insert itself: `memberGone` when it is not there, or not enrolled.
    public func createSession(tokenHash: StaffTokenHash, staffID: StaffID, now: Date) async throws {
        let inserted = try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at)
                SELECT ?, id, ?, ? FROM staff WHERE id = ? AND password_hash IS NOT NULL
                """,
                [.text(tokenHash.hex), .unixSeconds(now), .unixSeconds(now), .integer(staffID.rawValue)]
            )
        }
        guard inserted == 1 else { throw StaffRepositoryError.memberGone }
    }

    /// In one write: the use recorded if the session is live, else the session deleted.
    public func session(tokenHash: StaffTokenHash, at now: Date, policy: StaffSessionPolicy) async throws
        -> StaffSession?
    {
        try await database.write { connection in
            let touched = try connection.query(
                """
                UPDATE staff_sessions SET last_seen_at = ?
                WHERE token_hash = ? AND last_seen_at > ? AND created_at > ?
                RETURNING staff_id, created_at, last_seen_at
                """,
                [
                    .unixSeconds(now), .text(tokenHash.hex), .unixSeconds(policy.idleCutoff(now: now)),
                    .unixSeconds(policy.absoluteCutoff(now: now)),
                ]
            )
            guard let session = touched.first else {
                try connection.execute("DELETE FROM staff_sessions WHERE token_hash = ?", [.text(tokenHash.hex)])
                return nil
            }
            let member = try connection.query(
                "SELECT \(Self.memberColumns) FROM staff WHERE id = ?", [.integer(try session.int64("staff_id"))])
            return try member.first.map { row in
                StaffSession(
                    tokenHash: tokenHash, member: try Self.member(from: row), createdAt: try session.date("created_at"),
                    lastSeenAt: try session.date("last_seen_at"))
            }
        }
    }

    public func deleteSession(tokenHash: StaffTokenHash) async throws {
        try await database.write { connection in
            try connection.execute("DELETE FROM staff_sessions WHERE token_hash = ?", [.text(tokenHash.hex)])
        }
    }

    /// A member from a row with `memberColumns`.
    static func member(from row: SQLiteRow) throws -> StaffMember {
        let role = try row.string("role")
        guard let staffRole = StaffRole(rawValue: role) else {
            throw SQLiteError.invalidValue(column: "role", reason: "not a staff role")
        }
        return StaffMember(
            id: StaffID(try row.int64("id")), email: try row.string("email"), name: try row.string("name"),
            role: staffRole, isEnrolled: try row.int64("enrolled") != 0,
            lastSignInAt: try row.optional("last_sign_in_at", row.date))
    }
}

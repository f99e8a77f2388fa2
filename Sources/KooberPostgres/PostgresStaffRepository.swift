import Foundation
import KooberKit
import NIOCore
import PostgresNIO

/// Koober Ops' staff in the `staff` table and their sessions in `staff_sessions` (migration 14), as SQLite keeps them;
/// a session goes with its member (`ON DELETE CASCADE`). Every check and its change are one statement, whose row lock
/// orders the processes that race for it.
public struct PostgresStaffRepository: StaffRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// What `member(from:)` reads, of the `staff` table.
    static let memberColumns = "id, email, name, role, password_hash IS NOT NULL AS enrolled, last_sign_in_at"

    /// One statement: an insert, or for an email not enrolled the update of its name, role and link; nothing comes
    /// back when the email is an enrolled member's.
    public func add(_ member: NewStaffMember) async throws -> StaffMember {
        let rows = try await database.query(
            """
            INSERT INTO staff (email, name, role, enrolment_token_hash, enrolment_expires_at, added_at)
            VALUES (\(member.email), \(member.name), \(member.role.rawValue), \(member.enrolmentTokenHash.hex), \
            \(PostgresTime.seconds(member.enrolmentExpiresAt)), \(PostgresTime.seconds(member.addedAt)))
            ON CONFLICT (email) DO UPDATE SET
                name = excluded.name, role = excluded.role, enrolment_token_hash = excluded.enrolment_token_hash,
                enrolment_expires_at = excluded.enrolment_expires_at
            WHERE staff.password_hash IS NULL
            RETURNING \(unescaped: Self.memberColumns)
            """
        )
        guard let row = rows.first else { throw StaffRepositoryError.alreadyEnrolled }
        return try Self.member(from: row)
    }

    public func list() async throws -> [StaffMember] {
        try await database.query("SELECT \(unescaped: Self.memberColumns) FROM staff ORDER BY email COLLATE \"C\"")
            .map(Self.member(from:))
    }

    public func remove(email: String) async throws -> StaffMember? {
        let email = EmailAddress.normalize(email)
        return try await database.query(
            "DELETE FROM staff WHERE email = \(email) RETURNING \(unescaped: Self.memberColumns)"
        )
        .first.map(Self.member(from:))
    }

    public func enrolment(tokenHash: StaffTokenHash, at now: Date) async throws -> StaffMember? {
        try await database.query(
            """
            SELECT \(unescaped: Self.memberColumns) FROM staff
            WHERE enrolment_token_hash = \(tokenHash.hex) AND enrolment_expires_at > \(PostgresTime.seconds(now))
              AND password_hash IS NULL
            """
        )
        .first.map(Self.member(from:))
    }

    public func enrol(_ enrolment: StaffEnrolment) async throws -> Bool {
        let now = PostgresTime.seconds(enrolment.now)
        return try await database.query(
            """
            UPDATE staff SET password_hash = \(enrolment.passwordHash), \
            totp_secret = \(ByteBuffer(bytes: enrolment.sealedSecret.bytes)), enrolled_at = \(now),
                enrolment_token_hash = NULL, enrolment_expires_at = NULL
            WHERE id = \(enrolment.staffID.rawValue) AND enrolment_token_hash = \(enrolment.tokenHash.hex)
              AND enrolment_expires_at > \(now) AND password_hash IS NULL
            RETURNING 1
            """
        )
        .count == 1
    }

    public func credentials(forEmail email: String) async throws -> StaffCredentials? {
        let email = EmailAddress.normalize(email)
        return try await database.query(
            """
            SELECT \(unescaped: Self.memberColumns), password_hash, totp_secret, last_totp_step FROM staff
            WHERE email = \(email) AND password_hash IS NOT NULL
            """
        )
        .first.map { row in
            let columns = row.makeRandomAccess()
            return StaffCredentials(
                member: try Self.member(from: row), passwordHash: try columns["password_hash"].decode(String.self),
                sealedSecret: SealedTOTPSecret(
                    bytes: Array(try columns["totp_secret"].decode(ByteBuffer.self).readableBytesView)),
                lastTOTPStep: try columns["last_totp_step"].decode(Int64?.self))
        }
    }

    /// One statement: of two at once for the same step, the second waits for the first's row lock, then finds the
    /// step recorded and changes nothing.
    public func recordTOTPStep(_ step: Int64, staffID: StaffID) async throws -> Bool {
        try await database.query(
            """
            UPDATE staff SET last_totp_step = \(step)
            WHERE id = \(staffID.rawValue) AND (last_totp_step IS NULL OR last_totp_step < \(step))
            RETURNING 1
            """
        )
        .count == 1
    }

    public func recordSignIn(staffID: StaffID, at now: Date) async throws {
        try await database.query(
            "UPDATE staff SET last_sign_in_at = \(PostgresTime.seconds(now)) WHERE id = \(staffID.rawValue)")
    }

    /// The insert reads the member's row `FOR SHARE`: a removal either waits for it and then deletes its session with
    /// the member, or comes first and leaves nothing to insert (`memberGone`).
    public func createSession(tokenHash: StaffTokenHash, staffID: StaffID, now: Date) async throws {
        let time = PostgresTime.seconds(now)
        let inserted: [PostgresRow]
        do {
            inserted = try await database.query(
                """
                INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at)
                SELECT \(tokenHash.hex), id, \(time), \(time) FROM staff
                WHERE id = \(staffID.rawValue) AND password_hash IS NOT NULL
                FOR SHARE
                RETURNING 1
                """
            )
        } catch let error as PSQLError where error.isForeignKeyViolation {
            throw StaffRepositoryError.memberGone
        }
        guard inserted.count == 1 else { throw StaffRepositoryError.memberGone }
    }

    /// The use is recorded and the member read in one statement when the session is live; an ended one is deleted.
    public func session(tokenHash: StaffTokenHash, at now: Date, policy: StaffSessionPolicy) async throws
        -> StaffSession?
    {
        let rows = try await database.query(
            """
            WITH touched AS (
                UPDATE staff_sessions SET last_seen_at = \(PostgresTime.seconds(now))
                WHERE token_hash = \(tokenHash.hex)
                  AND last_seen_at > \(PostgresTime.seconds(policy.idleCutoff(now: now)))
                  AND created_at > \(PostgresTime.seconds(policy.absoluteCutoff(now: now)))
                RETURNING staff_id, created_at, last_seen_at
            )
            SELECT t.created_at AS session_created_at, t.last_seen_at AS session_last_seen_at, \
            \(unescaped: Self.memberColumns)
            FROM touched AS t JOIN staff ON staff.id = t.staff_id
            """
        )
        guard let row = rows.first else {
            try await deleteSession(tokenHash: tokenHash)
            return nil
        }
        let columns = row.makeRandomAccess()
        return StaffSession(
            tokenHash: tokenHash, member: try Self.member(from: row),
            createdAt: PostgresTime.date(seconds: try columns["session_created_at"].decode(Int64.self)),
            lastSeenAt: PostgresTime.date(seconds: try columns["session_last_seen_at"].decode(Int64.self)))
    }

    public func deleteSession(tokenHash: StaffTokenHash) async throws {
        try await database.query("DELETE FROM staff_sessions WHERE token_hash = \(tokenHash.hex)")
    }

    /// A member from a row with `memberColumns`.
    static func member(from row: PostgresRow) throws -> StaffMember {
        let columns = row.makeRandomAccess()
        let role = try columns["role"].decode(String.self)
        guard let staffRole = StaffRole(rawValue: role) else {
            throw PostgresStoreError.invalidValue("staff.role \(role) is not a staff role")
        }
        return StaffMember(
            id: StaffID(try columns["id"].decode(Int64.self)), email: try columns["email"].decode(String.self),
            name: try columns["name"].decode(String.self), role: staffRole,
            isEnrolled: try columns["enrolled"].decode(Bool.self),
            lastSignInAt: try columns["last_sign_in_at"].decode(Int64?.self).map(PostgresTime.date(seconds:)))
    }
}

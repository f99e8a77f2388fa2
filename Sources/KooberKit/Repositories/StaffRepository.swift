import Foundation

/// Koober Ops' staff, their enrolment and their sessions, kept by hashes only: a token's SHA-256, the password's argon2id
/// hash, the authenticator secret sealed (`SealedTOTPSecret`). Emails are normalised as riders' are.
public protocol StaffRepository: Sendable {
    /// Adds `member` with their enrolment link; for an email already added but not enrolled, replaces its name, role
    /// and link (the earlier link ends). Throws `StaffRepositoryError.alreadyEnrolled`, and changes nothing, for an
    /// enrolled member's email.
    func add(_ member: NewStaffMember) async throws -> StaffMember
    /// Every member, by email.
    func list() async throws -> [StaffMember]
    /// Removes the member with this email and every session of theirs, in one step; the member removed, or `nil`.
    func remove(email: String) async throws -> StaffMember?
    /// The member whose enrolment link this is, while it is valid at `now` (not used, not expired, not replaced).
    func enrolment(tokenHash: StaffTokenHash, at now: Date) async throws -> StaffMember?
    /// Uses the link: stores the password hash and the sealed secret, once, before the link expires, and only for the
    /// member it was made for. Whether it did (`false`: the link was used, expired, replaced, or the member removed).
    func enrol(_ enrolment: StaffEnrolment) async throws -> Bool
    /// An enrolled member's credentials, for signing in; `nil` for an email of no enrolled member.
    func credentials(forEmail email: String) async throws -> StaffCredentials?
    /// Records `step` as the member's last accepted authenticator step, in one statement, only if it is later than the
    /// one recorded (the replay guard: of two sign-ins with the same code, one records it). Whether it did.
    func recordTOTPStep(_ step: Int64, staffID: StaffID) async throws -> Bool
    /// Records that the member signed in at `now`.
    func recordSignIn(staffID: StaffID, at now: Date) async throws
    /// Starts a session for an enrolled member at `now`. Throws `StaffRepositoryError.memberGone`, storing nothing, when
    /// the member was removed (or never enrolled).
    func createSession(tokenHash: StaffTokenHash, staffID: StaffID, now: Date) async throws
    /// The session with this hash if it is live at `now` by `policy`, its use recorded at `now` in the same step; an
    /// ended one is deleted and is `nil`.
    func session(tokenHash: StaffTokenHash, at now: Date, policy: StaffSessionPolicy) async throws -> StaffSession?
    /// Ends the session (Sign Out).
    func deleteSession(tokenHash: StaffTokenHash) async throws
}

/// Refusals of a `StaffRepository`; nothing was stored.
public enum StaffRepositoryError: Error, Equatable, Sendable {
    /// The email is an enrolled member's: remove them first to enrol them again.
    case alreadyEnrolled
    /// The member is gone (removed) or not enrolled.
    case memberGone
}

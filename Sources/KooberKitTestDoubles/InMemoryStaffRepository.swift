import Foundation
import KooberKit

/// Koober Ops' staff in memory, answering as the SQLite repository does: times to the whole second, normalised emails,
/// ids counted up and never reused, a session ending with its member, and each change one step of the actor.
public actor InMemoryStaffRepository: StaffRepository {
    private struct Record {
        var member: StaffMember
        var passwordHash: String?
        var sealedSecret: SealedTOTPSecret?
        var lastTOTPStep: Int64?
        var enrolmentTokenHash: StaffTokenHash?
        var enrolmentExpiresAt: Date?
    }

    private struct SessionRecord {
        let staffID: StaffID
        let createdAt: Date
        var lastSeenAt: Date
    }

    private var records: [StaffID: Record] = [:]
    private var sessions: [StaffTokenHash: SessionRecord] = [:]
    private var lastID: Int64 = 0

    public init() {}

    public func add(_ member: NewStaffMember) async throws -> StaffMember {
        let existing = records.values.first { $0.member.email == member.email }
        if let existing, existing.passwordHash != nil { throw StaffRepositoryError.alreadyEnrolled }
        let id = existing?.member.id ?? nextID()
        let stored = StaffMember(
            id: id, email: member.email, name: member.name, role: member.role, isEnrolled: false,
            lastSignInAt: existing?.member.lastSignInAt)
        records[id] = Record(
            member: stored, enrolmentTokenHash: member.enrolmentTokenHash,
            enrolmentExpiresAt: member.enrolmentExpiresAt.wholeSeconds)
        return stored
    }

    private func nextID() -> StaffID {
        lastID += 1
        return StaffID(lastID)
    }

    public func list() async throws -> [StaffMember] {
        records.values.map(\.member).sorted { $0.email < $1.email }
    }

    public func remove(email: String) async throws -> StaffMember? {
        let email = EmailAddress.normalize(email)
        guard let record = records.values.first(where: { $0.member.email == email }) else { return nil }
        records[record.member.id] = nil
        sessions = sessions.filter { $0.value.staffID != record.member.id }
        return record.member
    }

    public func enrolment(tokenHash: StaffTokenHash, at now: Date) async throws -> StaffMember? {
        validEnrolment(tokenHash: tokenHash, at: now)?.member
    }

    private func validEnrolment(tokenHash: StaffTokenHash, at now: Date) -> Record? {
        records.values.first {
            $0.passwordHash == nil && $0.enrolmentTokenHash == tokenHash
                && ($0.enrolmentExpiresAt ?? .distantPast) > now.wholeSeconds
        }
    }

    public func enrol(_ enrolment: StaffEnrolment) async throws -> Bool {
        guard var record = validEnrolment(tokenHash: enrolment.tokenHash, at: enrolment.now),
            record.member.id == enrolment.staffID
        else { return false }
        record.passwordHash = enrolment.passwordHash
        record.sealedSecret = enrolment.sealedSecret
        record.enrolmentTokenHash = nil
        record.enrolmentExpiresAt = nil
        record.member = record.member.with(isEnrolled: true, lastSignInAt: record.member.lastSignInAt)
        records[record.member.id] = record
        return true
    }

    public func credentials(forEmail email: String) async throws -> StaffCredentials? {
        let email = EmailAddress.normalize(email)
        guard let record = records.values.first(where: { $0.member.email == email }),
            let passwordHash = record.passwordHash, let sealedSecret = record.sealedSecret
        else { return nil }
        return StaffCredentials(
            member: record.member, passwordHash: passwordHash, sealedSecret: sealedSecret,
            lastTOTPStep: record.lastTOTPStep)
    }

    public func recordTOTPStep(_ step: Int64, staffID: StaffID) async throws -> Bool {
        guard let record = records[staffID], (record.lastTOTPStep ?? Int64.min) < step else { return false }
        records[staffID]?.lastTOTPStep = step
        return true
    }

    public func recordSignIn(staffID: StaffID, at now: Date) async throws {
        guard let member = records[staffID]?.member else { return }
        records[staffID]?.member = member.with(isEnrolled: member.isEnrolled, lastSignInAt: now.wholeSeconds)
    }

    public func createSession(tokenHash: StaffTokenHash, staffID: StaffID, now: Date) async throws {
        guard records[staffID]?.passwordHash != nil else { throw StaffRepositoryError.memberGone }
        guard sessions[tokenHash] == nil else { throw InMemoryRepositoryError.duplicateTokenHash }
        sessions[tokenHash] = SessionRecord(staffID: staffID, createdAt: now.wholeSeconds, lastSeenAt: now.wholeSeconds)
    }

    public func session(tokenHash: StaffTokenHash, at now: Date, policy: StaffSessionPolicy) async throws
        -> StaffSession?
    {
        guard let stored = sessions[tokenHash], let member = records[stored.staffID]?.member else { return nil }
        guard stored.lastSeenAt > policy.idleCutoff(now: now).wholeSeconds,
            stored.createdAt > policy.absoluteCutoff(now: now).wholeSeconds
        else {
            sessions[tokenHash] = nil
            return nil
        }
        sessions[tokenHash]?.lastSeenAt = now.wholeSeconds
        return StaffSession(
            tokenHash: tokenHash, member: member, createdAt: stored.createdAt, lastSeenAt: now.wholeSeconds)
    }

    public func deleteSession(tokenHash: StaffTokenHash) async throws {
        sessions[tokenHash] = nil
    }
}

extension StaffMember {
    /// This member, enrolled or not, last signed in when given.
    fileprivate func with(isEnrolled: Bool, lastSignInAt: Date?) -> StaffMember {
        StaffMember(id: id, email: email, name: name, role: role, isEnrolled: isEnrolled, lastSignInAt: lastSignInAt)
    }
}

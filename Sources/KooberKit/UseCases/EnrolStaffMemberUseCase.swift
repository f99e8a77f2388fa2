import Foundation

/// A staff member enrols at their link (SPEC.md, "Koober Ops"): a **Password** of 12 or more, and the authenticator app
/// given `secret` (shown on the page), confirmed by one code of it. The password is stored as its hash and the secret
/// sealed for the member (`StaffSecretSealer`), once, while the link is valid; the code's step is recorded as used, so
/// the code that confirmed the enrolment cannot then sign in. Throws an `EnrolStaffMemberError`, and then stores
/// nothing.
public struct EnrolStaffMemberUseCase: Sendable {
    let token: StaffEnrolmentToken
    let password: String
    let secret: TOTPSecret
    let code: String
    let now: Date
    let repository: any StaffRepository
    let passwordHasher: any PasswordHasher
    let sealer: StaffSecretSealer
    let policy: StaffEnrolmentPolicy

    public init(
        token: StaffEnrolmentToken, password: String, secret: TOTPSecret, code: String, now: Date,
        repository: any StaffRepository, passwordHasher: any PasswordHasher, sealer: StaffSecretSealer,
        policy: StaffEnrolmentPolicy = StaffEnrolmentPolicy()
    ) {
        self.token = token
        self.password = password
        self.secret = secret
        self.code = code
        self.now = now
        self.repository = repository
        self.passwordHasher = passwordHasher
        self.sealer = sealer
        self.policy = policy
    }

    /// The member, enrolled.
    public func run() async throws -> StaffMember {
        if let problem = passwordProblem { throw EnrolStaffMemberError.password(problem) }
        guard let member = try await repository.enrolment(tokenHash: token.hash, at: now) else {
            throw EnrolStaffMemberError.linkNotValid
        }
        guard let typed = TOTPCode(typed: code),
            let step = TOTP.matchingStep(for: typed, secret: secret, at: now, after: nil)
        else { throw EnrolStaffMemberError.wrongCode }
        let passwordHash = try await passwordHasher.hash(password)
        let sealedSecret = try sealer.seal(secret, for: member.id)
        let enrolment = StaffEnrolment(
            staffID: member.id, tokenHash: token.hash, passwordHash: passwordHash, sealedSecret: sealedSecret, now: now)
        guard try await repository.enrol(enrolment) else { throw EnrolStaffMemberError.linkNotValid }
        _ = try await repository.recordTOTPStep(step, staffID: member.id)
        return StaffMember(
            id: member.id, email: member.email, name: member.name, role: member.role, isEnrolled: true,
            lastSignInAt: member.lastSignInAt)
    }

    /// The password's problem: its bytes first, then missing or under `policy.minimumPasswordLength` characters.
    private var passwordProblem: FieldProblem? {
        if let tooLong = FieldLimit.password.problem(with: password) { return tooLong }
        if password.isEmpty { return .missing }
        let minimum = policy.minimumPasswordLength
        return password.count < minimum ? .tooShort(minimum: minimum) : nil
    }
}

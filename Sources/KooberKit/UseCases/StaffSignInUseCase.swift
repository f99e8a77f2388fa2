import Foundation

/// Signs a Koober Ops staff member in (SPEC.md, "Koober Ops", **Sign in**): **Email**, **Password** and
/// **Authenticator code**, all three right, or **Sign In Failed** whichever was wrong.
///
/// The password is checked as riders' are (`PasswordThrottle`: one attempt at a time, throttled per email and address,
/// an unknown email against the stand-in hash); the code only once the password matched, within one step of drift, and
/// only once: its step is recorded in the same statement that checks it is later than the last one used
/// (`StaffRepository.recordTOTPStep`), so of two sign-ins racing with one code, one wins. A wrong code is a failure as
/// a wrong password is. Throws a `StaffSignInError` for what the visitor is told; anything else it throws broke.
public struct StaffSignInUseCase: Sendable {
    let email: String
    let password: String
    let code: String
    let now: Date
    let passwordCheck: PasswordCheck<StaffCredentials>
    let repository: any StaffRepository
    let sealer: StaffSecretSealer

    public init(
        email: String, password: String, code: String, clientAddress: String, now: Date,
        repository: any StaffRepository, passwordThrottle: PasswordThrottle, sealer: StaffSecretSealer
    ) {
        // An email over its bytes is not even normalised: `run` refuses it before anything reads it.
        self.email = FieldLimit.email.problem(withBytesOf: email) == nil ? EmailAddress.normalize(email) : email
        self.password = password
        self.code = code
        self.now = now
        self.repository = repository
        self.sealer = sealer
        passwordCheck = passwordThrottle.check(
            staffEmail: self.email, from: clientAddress, at: now, staff: repository)
    }

    public func run() async throws -> StartedStaffSession {
        // Over a field's limit: nothing is checked, hashed or counted (the code bounds itself, `TOTPCode`).
        guard FieldLimit.email.problem(with: email) == nil, FieldLimit.password.problem(with: password) == nil else {
            throw StaffSignInError.failed
        }
        let credentials: StaffCredentials?
        do {
            credentials = try await passwordCheck.verify(password) { credentials in
                try await acceptsCode(for: credentials)
            }
        } catch SignInError.throttled {
            throw StaffSignInError.throttled
        }
        guard let member = credentials?.member else { throw StaffSignInError.failed }
        let token = StaffSessionToken.generate()
        do {
            try await repository.createSession(tokenHash: token.hash, staffID: member.id, now: now)
        } catch StaffRepositoryError.memberGone {
            throw StaffSignInError.failed
        }
        try await repository.recordSignIn(staffID: member.id, at: now)
        return StartedStaffSession(token: token, member: member)
    }

    /// Whether the code typed is the member's for now and later than the last one used, recording its step if so. A
    /// secret that does not open (another staff key) accepts no code.
    private func acceptsCode(for credentials: StaffCredentials) async throws -> Bool {
        guard let typed = TOTPCode(typed: code),
            let secret = try? sealer.open(credentials.sealedSecret, for: credentials.member.id),
            let step = TOTP.matchingStep(for: typed, secret: secret, at: now, after: credentials.lastTOTPStep)
        else { return false }
        return try await repository.recordTOTPStep(step, staffID: credentials.member.id)
    }
}

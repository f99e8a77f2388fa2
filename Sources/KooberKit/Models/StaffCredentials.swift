/// What signing in as an enrolled staff member is checked against: the password's hash, the sealed authenticator
/// secret, and the step of the last code accepted (`nil` before the first), after which alone a code is taken.
public struct StaffCredentials: Equatable, Sendable {
    public let member: StaffMember
    public let passwordHash: String
    public let sealedSecret: SealedTOTPSecret
    public let lastTOTPStep: Int64?

    public init(member: StaffMember, passwordHash: String, sealedSecret: SealedTOTPSecret, lastTOTPStep: Int64?) {
        self.member = member
        self.passwordHash = passwordHash
        self.sealedSecret = sealedSecret
        self.lastTOTPStep = lastTOTPStep
    }
}

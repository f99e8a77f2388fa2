import Foundation

/// What a staff member chose at their enrolment link, ready to store: their password as an argon2id hash and their
/// authenticator secret sealed for them (`StaffSecretSealer`), for the link of `tokenHash`, used at `now`.
public struct StaffEnrolment: Equatable, Sendable {
    public let staffID: StaffID
    public let tokenHash: StaffTokenHash
    public let passwordHash: String
    public let sealedSecret: SealedTOTPSecret
    public let now: Date

    public init(
        staffID: StaffID, tokenHash: StaffTokenHash, passwordHash: String, sealedSecret: SealedTOTPSecret, now: Date
    ) {
        self.staffID = staffID
        self.tokenHash = tokenHash
        self.passwordHash = passwordHash
        self.sealedSecret = sealedSecret
        self.now = now
    }
}

/// A staff member's authenticator secret as storage keeps it: AES-256-GCM's nonce, ciphertext and tag
/// (`StaffSecretSealer.seal`), readable only with the staff key, which is not in the database, and only for the member
/// it was sealed for.
public struct SealedTOTPSecret: Equatable, Sendable {
    /// The nonce (12 bytes), the sealed secret (as long as the secret) and the tag (16 bytes), in that order.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}

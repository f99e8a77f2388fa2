import Crypto
import Foundation

/// Seals staff members' authenticator secrets for storage, and opens them again: AES-256-GCM (swift-crypto) under the
/// staff key, which lives outside the database (docs/security.md, "Koober Ops' secrets"), with a fresh random nonce
/// each time. The member's id is the authenticated data, so a sealed secret copied onto another member's row does not
/// open there, and one changed by a single bit does not open at all.
public struct StaffSecretSealer: Sendable {
    /// The key's length: AES-256.
    public static let keyByteCount = 32

    private let key: SymmetricKey

    public init(key: SymmetricKey) {
        precondition(key.bitCount == Self.keyByteCount * 8, "the staff key is 256 bits")
        self.key = key
    }

    /// A sealer with the key of these bytes; `nil` unless there are exactly `keyByteCount`.
    public init?(keyBytes: [UInt8]) {
        guard keyBytes.count == Self.keyByteCount else { return nil }
        self.init(key: SymmetricKey(data: keyBytes))
    }

    /// A sealer with a new random key, for a process whose staff live no longer than it does (`:memory:`, tests).
    public static func withNewKey() -> StaffSecretSealer {
        StaffSecretSealer(key: SymmetricKey(size: .bits256))
    }

    /// A new random key's bytes, from the system's CSPRNG.
    public static func newKeyBytes() -> [UInt8] {
        RandomToken.bytes(count: keyByteCount)
    }

    /// `secret`, sealed for the member `staffID`.
    public func seal(_ secret: TOTPSecret, for staffID: StaffID) throws -> SealedTOTPSecret {
        let box = try AES.GCM.seal(secret.bytes, using: key, authenticating: Self.authenticatedData(staffID))
        guard let combined = box.combined else { throw StaffSecretSealerError.cannotSeal }
        return SealedTOTPSecret(bytes: Array(combined))
    }

    /// The secret sealed for `staffID` under this key; throws `StaffSecretSealerError.cannotOpen` for another key,
    /// another member, or bytes that are not what `seal` made.
    public func open(_ sealed: SealedTOTPSecret, for staffID: StaffID) throws -> TOTPSecret {
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.bytes)
            let bytes = try AES.GCM.open(box, using: key, authenticating: Self.authenticatedData(staffID))
            guard let secret = TOTPSecret(bytes: Array(bytes)) else { throw StaffSecretSealerError.cannotOpen }
            return secret
        } catch {
            throw StaffSecretSealerError.cannotOpen
        }
    }

    /// What the tag binds besides the secret: what it is and whose.
    private static func authenticatedData(_ staffID: StaffID) -> [UInt8] {
        Array("koober-ops-totp-secret:\(staffID.rawValue)".utf8)
    }
}

/// Why a secret could not be sealed or opened (never saying more: the caller answers as for a wrong code).
public enum StaffSecretSealerError: Error, Equatable, Sendable {
    case cannotSeal
    /// Another key, another member, or bytes changed since they were sealed.
    case cannotOpen
}

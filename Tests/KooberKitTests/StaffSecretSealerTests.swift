import KooberKit
import Testing

/// Authenticator secrets sealed with AES-256-GCM under the staff key, bound to their member.
struct StaffSecretSealerTests {
    private let sealer = StaffSecretSealer(keyBytes: Array(repeating: 0x2A, count: 32))!
    private let secret = TOTPSecret.generate()

    @Test func aSealedSecretOpensForItsMemberUnderItsKey() throws {
        let sealed = try sealer.seal(secret, for: StaffID(7))
        #expect(sealed.bytes.count == 12 + TOTPSecret.byteCount + 16)
        #expect(try sealer.open(sealed, for: StaffID(7)) == secret)
    }

    @Test func eachSealingDrawsANewNonce() throws {
        #expect(try sealer.seal(secret, for: StaffID(7)) != sealer.seal(secret, for: StaffID(7)))
    }

    @Test func anotherKeyDoesNotOpenIt() throws {
        let sealed = try sealer.seal(secret, for: StaffID(7))
        let other = try #require(StaffSecretSealer(keyBytes: StaffSecretSealer.newKeyBytes()))
        #expect(throws: StaffSecretSealerError.cannotOpen) { _ = try other.open(sealed, for: StaffID(7)) }
    }

    @Test func anotherMemberCannotUseIt() throws {
        let sealed = try sealer.seal(secret, for: StaffID(7))
        #expect(throws: StaffSecretSealerError.cannotOpen) { _ = try sealer.open(sealed, for: StaffID(8)) }
        #expect(throws: StaffSecretSealerError.cannotOpen) { _ = try sealer.open(sealed, for: StaffID(70)) }
    }

    @Test func aChangedOrCutSealDoesNotOpen() throws {
        let sealed = try sealer.seal(secret, for: StaffID(7))
        for index in sealed.bytes.indices {
            var bytes = sealed.bytes
            bytes[index] ^= 0x01
            #expect(throws: StaffSecretSealerError.cannotOpen) {
                _ = try sealer.open(SealedTOTPSecret(bytes: bytes), for: StaffID(7))
            }
        }
        for length in [0, 11, 12, 28, sealed.bytes.count - 1] {
            #expect(throws: StaffSecretSealerError.cannotOpen) {
                _ = try sealer.open(SealedTOTPSecret(bytes: Array(sealed.bytes.prefix(length))), for: StaffID(7))
            }
        }
    }

    @Test func aKeyIsExactly256Bits() {
        #expect(StaffSecretSealer(keyBytes: Array(repeating: 1, count: 31)) == nil)
        #expect(StaffSecretSealer(keyBytes: Array(repeating: 1, count: 33)) == nil)
        #expect(StaffSecretSealer.newKeyBytes().count == 32)
        #expect(StaffSecretSealer.newKeyBytes() != StaffSecretSealer.newKeyBytes())
    }
}

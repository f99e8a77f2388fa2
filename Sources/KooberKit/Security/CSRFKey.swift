import Crypto

/// The server's secret for signing form tokens (`CSRFToken`): 256 random bits made at the first start and kept in
/// storage (`CSRFKeyRepository`), so every process sharing the database signs and verifies alike, and a form
/// rendered before a restart still verifies after it.
public struct CSRFKey: Equatable, Sendable {
    public static let byteCount = 32

    public let bytes: [UInt8]

    /// A key from stored bytes; `nil` unless there are exactly `byteCount` of them.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A fresh key from the system's CSPRNG.
    public static func generate() -> CSRFKey {
        CSRFKey(checkedBytes: RandomToken.bytes(count: byteCount))
    }

    private init(checkedBytes: [UInt8]) {
        bytes = checkedBytes
    }

    var symmetricKey: SymmetricKey {
        SymmetricKey(data: bytes)
    }
}

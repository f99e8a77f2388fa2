/// FNV-1a, 64 bits: a cheap, stable fingerprint of some bytes (ETags, asset versions). Not for security.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`, continuing from `hash` so several pieces can be fingerprinted as one.
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        bytes.reduce(hash) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

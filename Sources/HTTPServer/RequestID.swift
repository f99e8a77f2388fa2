import Synchronization

/// Request ids: 64 bits in hex, enough to find one request in a day of logs.
///
/// They count up from a random start drawn once per process: unique within a process, unlikely to repeat across
/// restarts, and free (no system call per request). They are never shown to clients,
/// so counting up tells nobody how busy Koober is.
public enum RequestID {
    private static let next = Atomic<UInt64>(UInt64.random(in: .min ... .max))

    public static func make() -> String {
        let value = next.wrappingAdd(1, ordering: .relaxed).newValue
        return String(unsafeUninitializedCapacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * index)) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 16
        }
    }
}

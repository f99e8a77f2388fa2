/// Request ids: 64 random bits in hex, enough to find one request in a day of logs.
public enum RequestID {
    public static func make() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

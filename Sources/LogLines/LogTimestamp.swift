#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The current second in ISO 8601, UTC (`2026-11-23T13:12:00Z`), formatted once per second.
struct LogTimestamp {
    private var second = -1
    private var text = ""

    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            var parts = tm()
            var seconds = time_t(current)
            gmtime_r(&seconds, &parts)
            // Its own two-digit rule rather than HTTPServer's HTTPDate: this module imports nothing of the server.
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            text =
                "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        }
        return text
    }
}

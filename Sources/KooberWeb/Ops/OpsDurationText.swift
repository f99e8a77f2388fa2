/// A span as Koober Ops writes it: "45 s", "4 min 30 s", "2 h 5 min", "3 d 4 h" (the two largest units, rounded down).
enum OpsDurationText {
    static func text(_ duration: Duration) -> String {
        let seconds = max(0, duration.components.seconds)
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3_600, seconds % 3_600 / 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
        return "\(seconds) s"
    }
}

import Foundation
import KooberKit
import Synchronization

/// When a ride was requested, as My Profile's history shows it ("25 Nov 2026, 1:13 pm", Sydney time): to the minute,
/// so every ride of one minute shares its text. Foundation's formatter costs about 3 µs a date, half of what a row of
/// the history costs (docs/performance.md, "My Profile with 20,000 rides"), and a rider reloads the same rides again
/// and again, so the texts of the most recent `keptLimit` minutes are kept; when full, the store starts again empty.
enum RideDateText {
    static func text(for date: Date, in language: Language = .english) -> String {
        let minute = Int64((date.timeIntervalSince1970 / 60).rounded(.down))
        let key = Kept(minute: minute, language: language)
        if let text = kept.withLock({ $0[key] }) { return text }
        let text = Date(timeIntervalSince1970: Double(minute) * 60).formatted(style(language))
        kept.withLock { kept in
            if kept.count >= keptLimit { kept.removeAll(keepingCapacity: true) }
            kept[key] = text
        }
        return text
    }

    static let keptLimit = 4096
    private struct Kept: Hashable {
        let minute: Int64
        let language: Language
    }

    private static let kept = Mutex<[Kept: String]>([:])
    /// How many texts are kept (for tests: never more than `keptLimit`).
    static var keptCount: Int { kept.withLock { $0.count } }

    /// Times as a rider in Sydney reads them, in `language`'s way.
    static func style(_ language: Language) -> Date.FormatStyle {
        Date.FormatStyle(
            date: .abbreviated, time: .shortened, locale: language.locale,
            calendar: Calendar(identifier: .gregorian), timeZone: SydneyTime.timeZone)
    }
}

import Foundation
import Testing

@testable import KooberWeb

@Suite struct RideDateTextTests {
    /// Kept or not, the text is Foundation's for the date's minute, in Sydney (daylight saving included).
    @Test func theTextIsFoundationsForTheMinuteWhetherKeptOrNot() {
        let dates = (0..<(RideDateText.keptLimit + 50)).map {
            Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 61.7)
        }
        for date in dates + dates.prefix(100) {
            #expect(RideDateText.text(for: date) == date.formatted(RideDateText.style(.english)), "\(date)")
        }
        let winter = Date(timeIntervalSince1970: 1_751_328_000)  // 1 July 2025, 00:00 UTC
        // Foundation puts a narrow no-break space before "am".
        #expect(
            RideDateText.text(for: winter).replacingOccurrences(of: "\u{202F}", with: " ") == "1 Jul 2025 at 10:00 am")
    }
}

import Foundation
import KooberKit
import KooberWeb
import Testing

/// How an amount and a pick-up time read to a rider: said once, in KooberWeb (`Cents.displayed`, `PickupTimeText`),
/// for the pages, the mail and Koober Cloud alike.
struct MoneyAndTimeTextTests {
    @Test(arguments: [
        (0, "A$0.00"),
        (5, "A$0.05"),
        (10, "A$0.10"),
        (99, "A$0.99"),
        (100, "A$1.00"),
        (1234, "A$12.34"),
        (100_000, "A$1000.00"),
        (-5, "-A$0.05"),
        (-1234, "-A$12.34"),
    ])
    func centsAreShownAsAustralianDollarsWithTwoDecimals(cents: Int, shown: String) {
        #expect(Cents(cents).displayed == shown)
    }

    @Test func theLargestAndSmallestAmountsAreShownWithoutTrapping() {
        #expect(Cents(.max).displayed == "A$92233720368547758.07")
        #expect(Cents(.min).displayed == "-A$92233720368547758.08")
    }

    static func sydney(_ date: String, _ time: String) throws -> Date {
        try #require(SydneyWallTime(date: date, time: time).flatMap(SydneyTime.instant(of:)))
    }

    @Test func aPickUpReadsAsItsDayDateAndTimeInSydney() throws {
        #expect(PickupTimeText.text(for: try Self.sydney("2026-11-28", "09:30")) == "Sat 28 Nov at 9:30 am")
        #expect(PickupTimeText.text(for: try Self.sydney("2026-07-01", "18:05")) == "Wed 1 Jul at 6:05 pm")
    }

    @Test func noonAndMidnightAreTwelve() throws {
        #expect(PickupTimeText.text(for: try Self.sydney("2026-11-28", "12:00")) == "Sat 28 Nov at 12:00 pm")
        #expect(PickupTimeText.text(for: try Self.sydney("2026-11-29", "00:05")) == "Sun 29 Nov at 12:05 am")
    }

    @Test func bothOccurrencesOfAprilsRepeatedHourReadTheSame() throws {
        let first = try Self.sydney("2026-04-05", "02:30")
        #expect(PickupTimeText.text(for: first) == "Sun 5 Apr at 2:30 am")
        #expect(PickupTimeText.text(for: first + 3_600) == "Sun 5 Apr at 2:30 am")
    }
}

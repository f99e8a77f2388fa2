import KooberKit
import Testing

/// The **Other** tip typed in dollars, read into whole cents without floating point: what a rider types is taken,
/// anything else (and anything outside A$0.50 to A$50.00) is refused.
struct TipAmountTests {
    @Test(arguments: [
        ("12", 1_200), ("12.5", 1_250), ("12.50", 1_250), ("A$12.50", 1_250), ("$5", 500), (" 0.50 ", 50),
        ("0.5", 50), ("50", 5_000), ("50.00", 5_000), ("1.01", 101), ("007", 700), ("A$0.99", 99),
    ])
    func dollarsAreReadIntoWholeCents(text: String, cents: Int) {
        #expect(TipAmount(dollars: text)?.cents == Cents(cents), "\(text)")
    }

    @Test(arguments: [
        "1e9", "-0", "-1", "0.005", "NaN", "nan", "Infinity", "inf", "١٢", "１２", "1 2", "\u{A0}12", "12\n", "\t12",
        "", " ", "A$", "$", ".5", "12.", "1.2.3", "+5", "0x10", "5,00", "12.345", "0.49", "50.01", "999",
        "1000", "A$ 12", "a$12", "12A$", "99999999999999999999999999", String(repeating: "1", count: 4_000),
        String(repeating: " ", count: 20) + "12",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(TipAmount(dollars: text) == nil, "\(text.debugDescription)")
    }

    @Test func centsOutsideTheRangeAreNoTip() {
        #expect(TipAmount(cents: 49) == nil)
        #expect(TipAmount(cents: 50)?.cents == 50)
        #expect(TipAmount(cents: 5_000)?.cents == 5_000)
        #expect(TipAmount(cents: 5_001) == nil)
        #expect(TipAmount(cents: -1) == nil)
        #expect(TipAmount(cents: .min) == nil)
    }

    @Test func anAnimalsMeanIsShownInTenthsRoundedHalfUpFromThreeRatings() {
        #expect(AnimalRating(starsSum: 10, count: 2).shownTenths == nil)
        #expect(AnimalRating(starsSum: 14, count: 3).shownTenths == 47)  // 4.666…
        #expect(AnimalRating(starsSum: 13, count: 3).shownTenths == 43)  // 4.333…
        #expect(AnimalRating(starsSum: 89, count: 20).shownTenths == 45)  // 4.45 rounds up
        #expect(AnimalRating(starsSum: 15, count: 3).shownTenths == 50)
        #expect(AnimalRating(starsSum: 3, count: 3).shownTenths == 10)
        #expect(AnimalRating(starsSum: 4_800_001, count: 1_000_000).shownTenths == 48)
    }

    @Test func complimentsRoundTripThroughTheirBits() {
        for bits in 0...15 {
            #expect(Compliment.bits(of: Compliment.set(fromBits: bits)) == bits)
        }
        #expect(Compliment.set(fromBits: 0) == [])
        #expect(Compliment.set(fromBits: 15) == Set(Compliment.allCases))
    }
}

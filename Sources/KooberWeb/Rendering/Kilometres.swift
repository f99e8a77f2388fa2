/// A distance as Koober writes it: in kilometres to one decimal place, rounded half up ("12.3 km").
///
/// Worked out in whole tenths with integer arithmetic, which costs a fraction of Foundation's `String(format:)`
/// (docs/performance.md, *Where To?*); for any distance that is not exactly halfway between two tenths it writes the
/// same digits as `%.1f`.
struct Kilometres: Hashable, Sendable, CustomStringConvertible {
    /// The distance in tenths of a kilometre.
    let tenths: Int

    /// Distances beyond a billion kilometres (or not a number) are written as a billion: no distance on Earth is one.
    init(_ kilometres: Double) {
        let scaled = (max(0, kilometres) * 10).rounded(.toNearestOrAwayFromZero)
        tenths = !kilometres.isNaN && scaled < 1e10 ? Int(scaled) : 10_000_000_000
    }

    /// The number alone: "12.3".
    var number: String {
        let (whole, tenth) = tenths.quotientAndRemainder(dividingBy: 10)
        return "\(whole).\(tenth)"
    }

    /// "12.3 km".
    var description: String { number + " km" }

    /// The distance with its unit in `words`' language ("12.3 km", "12.3 كم"): the digits stay Western.
    func text(_ words: Words) -> String {
        words("units.kilometres", ["number": number])
    }
}

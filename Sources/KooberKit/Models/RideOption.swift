import Foundation

/// A kind of ride, smallest and cheapest first (SPEC.md, Data).
public struct RideOption: Equatable, Sendable {
    /// Stable id used in forms and storage, e.g. `wallaroo`.
    public let id: String
    public let name: String
    public let riders: Int
    public let baseFareCents: Cents
    public let centsPerKilometre: Cents

    public static let wallabee = RideOption(
        id: "wallabee", name: "Wallabee", riders: 2, baseFareCents: 250, centsPerKilometre: 120)
    public static let wallaroo = RideOption(
        id: "wallaroo", name: "Wallaroo", riders: 4, baseFareCents: 350, centsPerKilometre: 160)
    public static let kangaroo = RideOption(
        id: "kangaroo", name: "Kangaroo", riders: 6, baseFareCents: 500, centsPerKilometre: 240)

    /// Every option, in the order the picker shows them.
    public static let all = [wallabee, wallaroo, kangaroo]

    public static func withID(_ id: String) -> RideOption? {
        all.first { $0.id == id }
    }

    /// The fare estimate for a trip of `kilometres`: base + per-km × distance, rounded to the cent.
    public func fareCents(forKilometres kilometres: Double) -> Cents {
        let cents = Double(baseFareCents.value) + Double(centsPerKilometre.value) * kilometres
        return Cents(Int(cents.rounded(.toNearestOrAwayFromZero)))
    }
}

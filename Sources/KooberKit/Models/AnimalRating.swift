/// An animal's rating as storage keeps it: the running total of its rides' stars and how many there are, so the
/// mean costs no scan of the ratings.
public struct AnimalRating: Equatable, Sendable {
    /// The fewest ratings for the mean to be shown (SPEC.md: "once it has 3 ratings or more").
    public static let shownFrom = 3

    public let starsSum: Int
    public let count: Int

    public init(starsSum: Int, count: Int) {
        self.starsSum = starsSum
        self.count = count
    }

    public static let none = AnimalRating(starsSum: 0, count: 0)

    /// The mean in tenths of a star, rounded half up in integers (`48` is ★ 4.8); `nil` below `shownFrom` ratings.
    public var shownTenths: Int? {
        guard count >= Self.shownFrom, starsSum >= 0 else { return nil }
        return (starsSum * 20 + count) / (2 * count)
    }
}

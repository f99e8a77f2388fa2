/// A rating's stars: a whole number from 1 to 5 (SPEC.md, "After the ride").
public struct Stars: Hashable, Sendable, Comparable {
    public static let range = 1...5

    public let value: Int

    /// `nil` for anything but 1 to 5.
    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    public static func < (lhs: Stars, rhs: Stars) -> Bool { lhs.value < rhs.value }
}

/// A drop-off place's identity in storage.
public struct PlaceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}

extension PlaceID {
    /// The id a form sent, if it is a number at all.
    public init?(_ text: String) {
        guard let value = Int64(text) else { return nil }
        self.init(value)
    }
}

import Foundation

/// One value SQLite stores or returns: every value reaches SQL through a binding, never spliced into its text.
public enum SQLiteValue: Equatable, Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// A time as whole unix seconds (rounded down), the way Koober stores every `Date`.
    ///
    /// Whole seconds are exact in an INTEGER column, readable with SQLite's own `datetime(x, 'unixepoch')`, and
    /// enough for session and throttling windows; a `Date` with a fraction of a second loses that fraction.
    public static func unixSeconds(_ date: Date) -> SQLiteValue {
        .integer(Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// A time as whole unix milliseconds (rounded to the nearest): for a ride's timeline, where at
    /// `--ride-clock-rate 60` a second is a simulated minute.
    public static func unixMilliseconds(_ date: Date) -> SQLiteValue {
        .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The integer, if this is one.
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is an integer or a real.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The text, if this is text.
    public var stringValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, if this is a blob.
    public var blobValue: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// The time stored as unix seconds, if this is an integer.
    public var dateValue: Date? {
        int64Value.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Whether this is SQL NULL.
    public var isNull: Bool { self == .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}

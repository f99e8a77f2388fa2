import Foundation

/// One result row: values by column index or name, with typed getters that throw on a missing column or a
/// value of the wrong type (NULL included), so a schema mismatch is an error rather than a silent default.
public struct SQLiteRow: Equatable, Sendable {
    /// Values in result order.
    public let values: [SQLiteValue]
    /// The names, shared by every row of a statement.
    private let columns: SQLiteColumnNames

    /// Column names in result order (as written in the SELECT, e.g. its `AS` aliases).
    public var columnNames: [String] { columns.names }

    public init(columnNames: [String], values: [SQLiteValue]) {
        self.init(columns: SQLiteColumnNames(columnNames), values: values)
    }

    init(columns: SQLiteColumnNames, values: [SQLiteValue]) {
        precondition(columns.names.count == values.count, "one name per value")
        self.columns = columns
        self.values = values
    }

    public static func == (left: SQLiteRow, right: SQLiteRow) -> Bool {
        left.values == right.values && left.columnNames == right.columnNames
    }

    /// The value at `index` (0-based, in result order).
    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// The value of the column named `column` (the first of that name), or nil when the row has no such column.
    public subscript(column: String) -> SQLiteValue? {
        columns.index[column].map { values[$0] }
    }

    /// The value of the column named `column`; throws `SQLiteError.noSuchColumn` when there is none.
    public func value(_ column: String) throws -> SQLiteValue {
        guard let value = self[column] else { throw SQLiteError.noSuchColumn(column) }
        return value
    }

    public func int64(_ column: String) throws -> Int64 {
        try typed(column, "integer", \.int64Value)
    }

    public func int(_ column: String) throws -> Int {
        Int(try int64(column))
    }

    public func double(_ column: String) throws -> Double {
        try typed(column, "real", \.doubleValue)
    }

    public func string(_ column: String) throws -> String {
        try typed(column, "text", \.stringValue)
    }

    public func blob(_ column: String) throws -> [UInt8] {
        try typed(column, "blob", \.blobValue)
    }

    /// A time stored as whole unix seconds (see `SQLiteValue.unixSeconds`).
    public func date(_ column: String) throws -> Date {
        try typed(column, "unix seconds", \.dateValue)
    }

    /// A time stored as unix milliseconds (see `SQLiteValue.unixMilliseconds`).
    public func millisecondsDate(_ column: String) throws -> Date {
        Date(timeIntervalSince1970: Double(try int64(column)) / 1000)
    }

    /// `nil` for SQL NULL, else `read(column)`.
    public func optional<T>(_ column: String, _ read: (String) throws -> T) throws -> T? {
        try value(column) == .null ? nil : try read(column)
    }

    private func typed<T>(_ column: String, _ expected: String, _ extract: (SQLiteValue) -> T?) throws -> T {
        let value = try value(column)
        guard let typed = extract(value) else {
            throw SQLiteError.typeMismatch(column: column, expected: expected, found: value)
        }
        return typed
    }
}

/// A statement's column names and where each is, made once per statement and shared by its rows: reading a column by
/// name is one hash look-up, not a walk along the names (a fleet of 2,000 rows read by name every second spent most
/// of its read comparing names; docs/performance.md, "Koober Ops' fleet").
final class SQLiteColumnNames: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        index = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}

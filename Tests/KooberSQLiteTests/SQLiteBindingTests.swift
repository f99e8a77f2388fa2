import KooberSQLite
import Testing

/// Values reach SQLite only as bindings, so nothing in them is ever read as SQL, and they come back unchanged.
struct SQLiteBindingTests {
    static let awkwardTexts = [
        "O'Brien \"the\" kangaroo",
        "'; DROP TABLE users; --",
        "before\0after",
        "🦘 Wallabee ride — café, naïve, 日本",
        "",
        String(repeating: "long ", count: 10_000),
    ]

    @Test(arguments: awkwardTexts)
    func textRoundTripsExactlyAndIsNeverReadAsSQL(text: String) throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE users (name TEXT)")
        try connection.execute("INSERT INTO users (name) VALUES (?)", [.text(text)])

        let rows = try connection.query(
            "SELECT name, length(CAST(name AS BLOB)) AS bytes FROM users WHERE name = ?",
            [.text(text)]
        )
        #expect(rows.count == 1)
        #expect(try rows.first?.string("name") == text)
        #expect(try rows.first?.int("bytes") == text.utf8.count)
    }

    @Test func everyKindOfValueRoundTrips() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE things (value ANY) STRICT")
        let values: [SQLiteValue] = [
            .integer(.max), .integer(.min), .integer(0), .real(-1.5), .real(.pi),
            .blob([0, 1, 0, 255]), .blob([]), .text(""), .null,
        ]
        for value in values {
            try connection.execute("INSERT INTO things (value) VALUES (?)", [value])
        }
        let rows = try connection.query("SELECT value FROM things ORDER BY rowid")
        #expect(rows.map { $0[0] } == values)
    }

    @Test func typedGettersRefuseAMissingColumnOrAnotherType() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let row = try #require(try connection.query("SELECT 1 AS number, NULL AS empty").first)
        #expect(try row.int64("number") == 1)
        #expect(row["empty"] == .null)
        #expect(throws: SQLiteError.noSuchColumn("missing")) { try row.int64("missing") }
        #expect(throws: SQLiteError.typeMismatch(column: "number", expected: "text", found: .integer(1))) {
            try row.string("number")
        }
        #expect(throws: SQLiteError.typeMismatch(column: "empty", expected: "integer", found: .null)) {
            try row.int64("empty")
        }
    }
}

import Foundation
import KooberSQLite
import Testing

struct SQLiteConnectionTests {
    private func makeConnection() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT UNIQUE)")
        return connection
    }

    @Test func eachSQLTextIsPreparedOnceAndReused() throws {
        let connection = try makeConnection()
        let preparedBefore = connection.preparedStatementCount
        for number in 1...10 {
            try connection.execute("INSERT INTO notes (body) VALUES (?)", [.text("note \(number)")])
            _ = try connection.query("SELECT body FROM notes WHERE id = ?", [.integer(Int64(number))])
        }
        #expect(connection.preparedStatementCount == preparedBefore + 2)
    }

    @Test func aReusedStatementStartsWithFreshBindingsEachTime() throws {
        let connection = try makeConnection()
        try connection.execute("INSERT INTO notes (body) VALUES (?)", ["first"])
        try connection.execute("INSERT INTO notes (body) VALUES (?)", ["second"])
        let rows = try connection.query("SELECT body FROM notes ORDER BY id")
        #expect(try rows.map { try $0.string("body") } == ["first", "second"])
    }

    /// A walk that stops reads no further: here the third row would fail (abs of the smallest integer overflows), so
    /// reading it at all would throw. The statement is left reset: it runs again, and nothing holds the table.
    @Test func rowsAfterTheLastOneWantedAreNeverRead() throws {
        let connection = try makeConnection()
        for number in 1...5 { try connection.execute("INSERT INTO notes (body) VALUES (?)", [.text("note \(number)")]) }
        let sql = "SELECT body, abs(CASE WHEN id = 3 THEN -9223372036854775808 ELSE id END) AS n FROM notes ORDER BY id"
        var read: [String] = []
        try connection.query(sql) { row in
            read.append(try row.string(0))
            return read.count < 2
        }
        #expect(read == ["note 1", "note 2"])
        #expect(throws: SQLiteError.self) { try connection.query(sql) }
        var again = 0
        try connection.query(sql) { _ in
            again += 1
            return false
        }
        #expect(again == 1)
        try connection.execute("DROP TABLE notes")
    }

    /// Columns by position are typed as `SQLiteRow`'s getters are: the wrong type or NULL throws, naming the column.
    @Test func columnsReadByPositionAreTypeChecked() throws {
        let connection = try makeConnection()
        try connection.execute("INSERT INTO notes (body) VALUES (?)", ["first"])
        try connection.execute("INSERT INTO notes (body) VALUES (NULL)")
        var rows: [SQLiteRow] = []
        var mismatches: [String] = []
        try connection.query("SELECT id, body FROM notes ORDER BY id") { columns in
            rows.append(columns.row)
            #expect(try columns.int64(0) == Int64(rows.count))
            for read in [{ _ = try columns.string(0) }, { _ = try columns.string(1) }, { _ = try columns.int64(1) }] {
                do { try read() } catch SQLiteError.typeMismatch(let column, _, _) { mismatches.append(column) }
            }
            return true
        }
        #expect(rows.map { $0["body"] } == [SQLiteValue.text("first"), .null])
        #expect(mismatches == ["id", "body", "id", "body", "body"])
    }

    @Test func badSQLThrowsATypedErrorCarryingSQLitesMessage() throws {
        let connection = try makeConnection()
        #expect(throws: SQLiteError.failure(code: 1, message: "near \"SELEC\": syntax error")) {
            try connection.query("SELEC body FROM notes")
        }
        #expect(throws: SQLiteError.failure(code: 1, message: "no such table: missing")) {
            try connection.query("SELECT * FROM missing")
        }
    }

    @Test func aUniqueViolationIsAConstraintErrorAndTheStatementStaysUsable() throws {
        let connection = try makeConnection()
        let insert = "INSERT INTO notes (body) VALUES (?)"
        try connection.execute(insert, ["same"])
        let error = #expect(throws: SQLiteError.self) { try connection.execute(insert, ["same"]) }
        #expect(error?.isUniqueViolation == true)
        #expect(error?.description.contains("UNIQUE constraint failed: notes.body") == true)

        try connection.execute(insert, ["different"])
        #expect(try connection.query("SELECT count(*) AS n FROM notes")[0].int("n") == 2)
    }

    @Test func aWrongNumberOfBindingsIsRefused() throws {
        let connection = try makeConnection()
        #expect(throws: SQLiteError.self) { try connection.execute("INSERT INTO notes (body) VALUES (?)") }
        #expect(throws: SQLiteError.self) { try connection.execute("INSERT INTO notes (body) VALUES (?)", ["a", "b"]) }
    }

    @Test func aTransactionThatThrowsRollsBackEverythingItDid() throws {
        struct Abort: Error {}
        let connection = try makeConnection()
        try connection.execute("INSERT INTO notes (body) VALUES ('kept')")
        #expect(throws: Abort.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO notes (body) VALUES ('lost')")
                try connection.execute("DELETE FROM notes WHERE body = 'kept'")
                throw Abort()
            }
        }
        let rows = try connection.query("SELECT body FROM notes")
        #expect(try rows.map { try $0.string("body") } == ["kept"])
        #expect(try connection.transaction { _ in 7 } == 7)
    }

    @Test func aSnapshotsReadsAllSeeTheDatabaseAsItWasAtTheFirst() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let writer = try SQLiteConnection(path: path)
        try writer.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT UNIQUE)")
        try writer.execute("INSERT INTO notes (body) VALUES ('first')")
        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        defer { reader.close(); writer.close() }
        func count(_ connection: SQLiteConnection) throws -> Int64 {
            try connection.query("SELECT count(*) AS n FROM notes")[0].int64("n")
        }

        let (before, after) = try reader.snapshot { reader in
            let before = try count(reader)
            try writer.execute("INSERT INTO notes (body) VALUES ('committed meanwhile')")
            return (before, try count(reader))
        }
        #expect(before == 1)
        #expect(after == 1)
        #expect(try count(reader) == 2)  // the next read sees it
    }

    @Test func aConnectionRefusesWorkOnceClosed() throws {
        let connection = try makeConnection()
        connection.close()
        #expect(throws: SQLiteError.closed) { try connection.query("SELECT 1") }
        connection.close()
    }
}

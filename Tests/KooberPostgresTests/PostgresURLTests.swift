import KooberPostgres
import Testing

@Suite struct PostgresURLTests {
    @Test func aFullURLGivesEachPart() throws {
        let url = try PostgresURL("postgres://koober:s%40cret@db.example:6543/rides?sslmode=require", poolSize: 4)
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.username == "koober")
        #expect(url.password == "s@cret")
        #expect(url.database == "rides")
        #expect(url.tls == .require)
        #expect(url.poolSize == 4)
    }

    @Test func portDatabaseAndTLSHaveDefaults() throws {
        let url = try PostgresURL("postgresql://koober@127.0.0.1")
        #expect(url.port == 5432)
        #expect(url.database == "koober")
        #expect(url.password == nil)
        #expect(url.tls == .disable)
        #expect(url.poolSize == PostgresURL.defaultPoolSize)
    }

    @Test func theDescriptionNeverShowsThePassword() throws {
        let url = try PostgresURL("postgres://koober:secret@db:5432/koober")
        #expect(url.description == "postgres://koober@db:5432/koober")
        #expect(!"\(url)".contains("secret"))
    }

    @Test(arguments: [
        "postgres://", "postgres:///koober", "postgres://db/koober", "postgres://koober@db:99999/koober",
        "postgres://koober@db/koober?sslmode=sometimes", "postgres://koober@db/koober?application_name=x",
        "mysql://koober@db/koober",
    ])
    func aURLKooberCannotUseIsRefusedWithAReason(text: String) {
        #expect(throws: PostgresURL.InvalidURL.self) { try PostgresURL(text) }
    }

    @Test(arguments: [0, 1, 1_001])
    func aPoolSizeOutOfRangeIsRefused(size: Int) {
        #expect(throws: PostgresURL.InvalidURL.self) { try PostgresURL("postgres://koober@db/koober", poolSize: size) }
    }

    @Test func onlyThePostgresSchemesAreURLs() {
        #expect(PostgresURL.isPostgres("postgres://koober@db/koober"))
        #expect(PostgresURL.isPostgres("postgresql://koober@db/koober"))
        #expect(!PostgresURL.isPostgres("koober.sqlite"))
        #expect(!PostgresURL.isPostgres(":memory:"))
    }
}

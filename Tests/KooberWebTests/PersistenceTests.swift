import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct PersistenceTests {
    @Test func anAccountSurvivesARestartOnTheSameDatabaseFile() async throws {
        let path = KooberTestApp.temporaryDatabasePath()
        let first = try await KooberTestApp(databasePath: path)
        try await first.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signUp(TestBrowser.Account(email: "persistent@example.com"))
            #expect(browser.path == "/ride")
        }
        try await first.database.close()

        let second = try await KooberTestApp(databasePath: path)
        try await second.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signIn(email: "persistent@example.com", password: "hop-hop-hop")
            #expect(browser.path == "/ride")
        }
    }

    @Test func theDemoAccountIsSeededOnceHoweverOftenKooberStarts() async throws {
        let path = KooberTestApp.temporaryDatabasePath()
        for _ in 1...3 {
            let app = try await KooberTestApp(databasePath: path)
            try await app.database.close()
        }
        let app = try await KooberTestApp(databasePath: path)
        let rows = try await app.database.read { try $0.query("SELECT COUNT(*) AS n FROM users") }
        #expect(try rows.first?.int("n") == 1)
    }
}

import Foundation
import KooberSQLite
import NIOHTTP1
import Synchronization
import TestBrowsing
import TestKit
import Testing

/// Nothing acknowledged is lost: riders sign up and request rides while `koober` is killed with SIGKILL at random
/// moments and restarted on the same database file. Every sign-up and ride request that got its success answer
/// (the 303 after the POST) is on disk after each crash, and the database passes `PRAGMA integrity_check`.
/// Four riders hashing passwords on a real server keep both cores busy for a quarter of a minute, so it runs on its
/// own, after the rest of the suite (`WholeMachineTests`).
@Suite(.enabled(if: WholeMachineTests.run, "takes the whole machine: run alone by scripts/hardening"))
struct CrashSafetyTests {
    static let kills = 12
    static let riders = 4

    /// What the server acknowledged: a rider's email, and how many rides it confirmed for them.
    final class Acknowledged: Sendable {
        private let state = Mutex<[String: Int]>([:])

        var rides: [String: Int] { state.withLock { $0 } }

        func signedUp(_ email: String) { state.withLock { $0[email] = 0 } }
        func rideRequested(by email: String) { state.withLock { $0[email, default: 0] += 1 } }
    }

    @Test func everyAcknowledgedSignUpAndRideSurvivesKillNine() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let database = directory.appendingPathComponent("koober.sqlite").path
        let acknowledged = Acknowledged()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.kills {
            let (koober, port) = try await KooberProcess.serving(["--database", database], in: directory)
            let signedUpBefore = acknowledged.rides.count
            let riding = (0..<Self.riders).map { rider in
                Task { await ride(port: port, name: "r\(round)-\(rider)", acknowledged: acknowledged) }
            }
            // The kill comes at a random moment once the round is under way (a slow machine signs up slowly).
            _ = await eventually { acknowledged.rides.count > signedUpBefore }
            try await Task.sleep(for: .milliseconds(Int.random(in: 400...1_500, using: &generator)))
            await koober.kill()
            for task in riding { await task.value }
            try await expectEverythingAcknowledgedIsStored(acknowledged, database: database)
        }
        let rides = acknowledged.rides
        // Enough happened for the kills to mean something.
        #expect(rides.count >= Self.kills * Self.riders / 2)
        #expect(rides.values.reduce(0, +) >= Self.kills)
    }

    /// A rider signs up, then requests ride after ride, until the server dies under them.
    private func ride(port: Int, name: String, acknowledged: Acknowledged) async {
        let browser = TestBrowser(host: "127.0.0.1", port: port)
        let email = "\(name)-\(UUID().uuidString.prefix(8))@crash.test".lowercased()  // stored lower-cased
        do {
            try await browser.signUp(.init(name: name, nickname: name, email: email, mobileNumber: "0400 000 000"))
        } catch {}
        guard browser.acknowledged(.POST, "/signup", since: 0) else { return }
        acknowledged.signedUp(email)
        while true {
            let start = browser.history.count
            do {
                try await browser.visit("/ride/dropoff")
                try await browser.press("Opera House")
                try browser.choose("Wallabee")
                try await browser.press("Confirm")
            } catch {}
            guard browser.acknowledged(.POST, "/ride/confirm", since: start) else { return }
            acknowledged.rideRequested(by: email)
            do {
                try await browser.press("Cancel Ride")
                try await browser.press("Start New Ride")
            } catch { return }
        }
    }

    private func expectEverythingAcknowledgedIsStored(_ acknowledged: Acknowledged, database path: String) async throws
    {
        let database = try await SQLiteDatabase.open(path: path)
        let (integrity, stored) = try await database.read { connection in
            let integrity = try connection.query("PRAGMA integrity_check").first?.string("integrity_check")
            let rows = try connection.query(
                "SELECT users.email AS email, COUNT(rides.id) AS rides FROM users LEFT JOIN rides ON rides.user_id = users.id GROUP BY users.id"
            )
            return (
                integrity,
                try Dictionary(uniqueKeysWithValues: rows.map { (try $0.string("email"), try $0.int("rides")) })
            )
        }
        try await database.close()
        #expect(integrity == "ok")
        for (email, rides) in acknowledged.rides {
            #expect(stored[email] != nil, "the acknowledged sign-up of \(email) is lost")
            #expect(
                (stored[email] ?? 0) >= rides, "\(email) had \(rides) rides acknowledged, \(stored[email] ?? 0) stored")
        }
    }
}

extension TestBrowser {
    /// Whether a `method` request to `path` got its success answer (a 303) since the history had `start` entries.
    fileprivate func acknowledged(_ method: HTTPMethod, _ path: String, since start: Int) -> Bool {
        history.dropFirst(start).contains { $0.method == method && $0.path == path && $0.status == .seeOther }
    }
}

import Foundation
import TestBrowsing
import TestKit
import Testing

/// The `koober` executable as an operator runs it: started, used, stopped with a signal.
@Suite struct KooberProcessTests {
    @Test func kooberServesSeedsTheDemoAccountAndStopsCleanlyOnSIGINT() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving(in: directory)

        let browser = TestBrowser(host: "127.0.0.1", port: port)
        try await browser.visit("/healthz")
        #expect(browser.bodyText == "ok")
        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.path == "/ride")

        koober.process.interrupt()  // SIGINT, as Ctrl-C sends
        #expect(await koober.waitForExit(timeout: BusyMachine.patience))
        #expect(koober.process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("koober.sqlite").path))
    }

    @Test func aRideCarriesOnWhereTheClockSaysAfterKillNineAndARestart() async throws {
        // Nothing about a ride lives only in memory: killed mid-ride, the next koober finds it where the clock is.
        let directory = try KooberProcess.temporaryDirectory()
        let arguments = ["--ride-clock-rate", "30"]
        let (first, firstPort) = try await KooberProcess.serving(arguments, in: directory)
        let before = TestBrowser(host: "127.0.0.1", port: firstPort)
        try await Self.withLogsOnFailure(first) {
            try await before.signIn(email: "johnny@gmail.com", password: "password")
            try await before.requestRide(to: "Opera House", option: "Wallaroo")
            // Any status of a ride under way: on_the_way lasts about 2 s here, which a slow request can miss.
            #expect(try await Self.waitForStatus(["on_the_way", "arrived", "riding"], browser: before))
        }
        await first.kill()

        let (second, secondPort) = try await KooberProcess.serving(arguments, in: directory)
        let after = TestBrowser(host: "127.0.0.1", port: secondPort)
        after.cookies = before.cookies
        try await Self.withLogsOnFailure(second) {
            try await after.visit("/ride")
            #expect(["on_the_way", "arrived", "riding", "finished"].contains(try after.rideStatus() ?? ""))
            #expect(try await Self.waitForStatus(["finished"], browser: after, timeout: .seconds(60)))
            #expect(try after.first("//dd[@class='receipt-arrived']") != nil)
        }
        second.process.interrupt()
        #expect(await second.waitForExit(timeout: BusyMachine.patience))
    }

    /// Runs `body`; if it throws, the failure says how `koober` was doing (running or not, the end of its log) before
    /// the error goes on: a connection closed without an answer says nothing of why.
    private static func withLogsOnFailure(_ koober: KooberProcess, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            let state = koober.process.isRunning ? "is running" : "has exited"
            let message = "\(error); koober \(state), its log ends:\n" + String(koober.log.suffix(4_000))
            Issue.record(Comment(rawValue: message))
            throw error
        }
    }

    private static func waitForStatus(
        _ statuses: Set<String>, browser: TestBrowser, timeout: Duration = .seconds(30)
    ) async throws -> Bool {
        // The real process's dispatcher moves the ride on its own clock: outside the test's control.
        try await eventually(within: timeout) {
            try await browser.visit("/ride")
            return statuses.contains(try browser.rideStatus() ?? "")
        }
    }

    @Test func aFormServedBeforeARestartIsAcceptedAfterIt() async throws {
        // The form-signing key is made at the first start and kept in the database, not in the process.
        let directory = try KooberProcess.temporaryDirectory()
        let (first, firstPort) = try await KooberProcess.serving(in: directory)
        let before = TestBrowser(host: "127.0.0.1", port: firstPort)
        try await before.visit("/signin")
        let token = try #require(try before.formToken())
        first.process.interrupt()
        #expect(await first.waitForExit(timeout: BusyMachine.patience))

        let (second, secondPort) = try await KooberProcess.serving(in: directory)
        let after = TestBrowser(host: "127.0.0.1", port: secondPort)
        after.cookies = before.cookies
        try await after.post(
            "/signin", fields: [("csrf_token", token), ("email", "johnny@gmail.com"), ("password", "password")]
        )
        #expect(after.path == "/ride")
        second.process.interrupt()
        #expect(await second.waitForExit(timeout: BusyMachine.patience))
    }

    @Test func aMissingTemplateStopsStartUpWithAMessageNamingIt() async throws {
        let koober = try KooberProcess(
            ["--port", "0", "--templates", "/nonexistent/templates"], in: try KooberProcess.temporaryDirectory()
        )
        #expect(await koober.waitForExit(timeout: .seconds(30)))
        #expect(koober.process.terminationStatus != 0)
        // The words are read first: every template is read once per language, with them.
        #expect(koober.log.contains("/nonexistent/templates/words/en-AU.words cannot be read"))
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import Testing

/// SPEC.md: password hashing has a bounded queue; beyond it the forms that hash answer 503 "Koober is busy" with
/// `Retry-After`, so a flood of sign-ins cannot make the real rider wait without end.
@Suite struct PasswordHashingLoadTests {
    /// An app whose hasher (its own, slowed by `delay` per hash) sits behind a queue of `capacity`.
    private func app(capacity: Int, delay: Duration) async throws -> (KooberTestApp, BoundedPasswordHasher) {
        var bounded: BoundedPasswordHasher?
        let app = try await KooberTestApp { services in
            let hasher = BoundedPasswordHasher(
                SlowPasswordHasher(hasher: services.passwordHasher, delay: delay),
                capacity: capacity
            )
            services.passwordHasher = hasher
            bounded = hasher
        }
        return (app, try #require(bounded))
    }

    /// Holds the queue's one place with a sign-in that takes ten seconds, until `body` is done.
    private func withQueueFull(
        _ app: KooberTestApp,
        _ hasher: BoundedPasswordHasher,
        _ body: () async throws -> Void
    ) async throws {
        let holder = Task {
            let browser = app.browser()
            try await browser.signIn(email: "someone@example.com", password: "password")
        }
        for _ in 0..<1_000 where hasher.depth < 1 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(hasher.depth == 1)
        try await body()
        holder.cancel()
    }

    private func expectBusyPage(_ browser: TestBrowser) throws {
        #expect(browser.status == .serviceUnavailable)
        #expect(browser.headers.first(name: "Retry-After") == "5")
        #expect(browser.headers.first(name: "Content-Security-Policy") != nil)
        #expect(try browser.errorPanel()?.title == "Koober is busy")
        #expect(
            try browser.errorPanel()?.message
                == "Too many people are signing in right now. Please try again in a moment."
        )
        #expect(browser.cookie(named: "koober_session") == nil)
    }

    @Test func aSignInBeyondAFullQueueGetsTheBusyPageAtOnce() async throws {
        let (app, hasher) = try await app(capacity: 1, delay: .seconds(10))
        try await withQueueFull(app, hasher) {
            let browser = app.browser()
            let started = ContinuousClock.now
            try await browser.signInAsJohnny()
            #expect(ContinuousClock.now - started < .seconds(5))
            try expectBusyPage(browser)
            #expect(hasher.shedCount == 1)
        }
    }

    @Test func aSignUpBeyondAFullQueueGetsTheBusyPageAndStoresNothing() async throws {
        let (app, hasher) = try await app(capacity: 1, delay: .seconds(10))
        try await withQueueFull(app, hasher) {
            let browser = app.browser()
            try await browser.signUp(TestBrowser.Account())
            try expectBusyPage(browser)
        }
        #expect(try await app.container.services.userRepository.credentials(forEmail: "skippy@example.com") == nil)
    }

    /// The app's own argon2id queue, as `koober` builds it (4 per core): while a burst of 300 sign-ins with made-up
    /// emails from as many addresses is in flight, the real rider, retrying at once whenever told Koober is busy, is
    /// in within 2 s. (Without the queue the rider would wait behind all 300 hashes: ~4.5 s of argon2id on two cores.)
    /// A flood that never stops is another matter: each try is still answered at once, but whether it is let
    /// through is a lottery among all who try, so that is not what this asserts.
    @Test func theRealRiderGetsInWithinTwoSecondsDuringAFloodOfBogusSignIns() async throws {
        let app = try await KooberTestApp()
        let hasher = app.passwordHashQueue
        try await withThrowingTaskGroup { group in
            for attacker in 0..<300 {
                group.addTask {
                    let browser = app.browser()
                    browser.peerAddress = "10.0.\(attacker / 256).\(attacker % 256)"
                    try await browser.visit("/signin")
                    let token = try #require(try browser.first("//input[@name='csrf_token']")?[attribute: "value"])
                    try await browser.post(
                        "/signin",
                        fields: [
                            ("csrf_token", token), ("email", "bogus-\(attacker)@example.com"), ("password", "guess"),
                        ]
                    )
                    #expect([.unprocessableEntity, .serviceUnavailable].contains(browser.status))
                }
            }
            for _ in 0..<5_000 where hasher.shedCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
            #expect(hasher.shedCount > 0, "the flood should overflow the queue before the rider comes")

            let rider = app.browser()
            rider.peerAddress = "192.0.2.1"
            let started = ContinuousClock.now
            var tries = 0
            repeat {
                tries += 1
                try await rider.visit("/signin")
                try rider.fillIn("Email", with: "johnny@gmail.com")
                try rider.fillIn("Password", with: "password")
                try await rider.press("Sign In")
            } while rider.status == .serviceUnavailable
            let waited = ContinuousClock.now - started
            try await group.waitForAll()
            #expect(rider.path == "/ride")
            #expect(hasher.shedCount >= 100, "most of the burst should have been shed")
            #expect(waited < .seconds(2), "the real rider waited \(waited) over \(tries) tries")
        }
    }
}

import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import TestBrowsing
import TestKit
import Testing

/// SPEC.md: password hashing has a bounded queue; beyond it the forms that hash answer 503 "Koober is busy" with
/// `Retry-After`, so a flood of sign-ins cannot make the real rider wait without end.
@Suite struct PasswordHashingLoadTests {
    /// An app whose hasher (its own, held until the test lets it go) sits behind a queue of `capacity`.
    private func app(capacity: Int) async throws -> (KooberTestApp, BoundedPasswordHasher) {
        var bounded: BoundedPasswordHasher?
        let app = try await KooberTestApp { services in
            let hasher = BoundedPasswordHasher(
                HeldPasswordHasher(hasher: services.passwordHasher),
                capacity: capacity
            )
            services.passwordHasher = hasher
            bounded = hasher
        }
        return (app, try #require(bounded))
    }

    /// Holds the queue's one place with a sign-in whose hash is held, until `body` is done.
    private func withQueueFull(
        _ app: KooberTestApp,
        _ hasher: BoundedPasswordHasher,
        _ body: () async throws -> Void
    ) async throws {
        let holder = Task {
            let browser = app.browser()
            try await browser.signIn(email: "someone@example.com", password: "password")
        }
        #expect(await eventually { hasher.depth == 1 })
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

    /// A sign-in that queued instead of being turned away waits for the held hash for good: the time limit catches it.
    /// Five minutes, not one: at the start of the parallel suite on two cores, beside the release build, a passing run
    /// of these took 84 s (CI, 2026-11-28).
    @Test(.timeLimit(.minutes(5))) func aSignInBeyondAFullQueueGetsTheBusyPageAtOnce() async throws {
        let (app, hasher) = try await app(capacity: 1)
        try await withQueueFull(app, hasher) {
            let browser = app.browser()
            // The hasher is held: a sign-in that queued instead of being turned away would wait out the time limit.
            try await browser.signInAsJohnny()
            try expectBusyPage(browser)
            #expect(hasher.shedCount == 1)
        }
    }

    @Test(.timeLimit(.minutes(5))) func aSignUpBeyondAFullQueueGetsTheBusyPageAndStoresNothing() async throws {
        let (app, hasher) = try await app(capacity: 1)
        try await withQueueFull(app, hasher) {
            let browser = app.browser()
            try await browser.signUp(TestBrowser.Account())
            try expectBusyPage(browser)
        }
        #expect(try await app.container.services.userRepository.credentials(forEmail: "skippy@example.com") == nil)
    }
}

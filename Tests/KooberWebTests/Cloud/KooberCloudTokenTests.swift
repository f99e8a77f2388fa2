import Foundation
import KooberKit
import KooberTestSupport
import TestKit
import Testing

/// Koober Cloud's tokens (SPEC.md): sessions of their own kind that the pages never accept (and cookies the API never
/// accepts), ended by signing out, Sign Out Everywhere, a password change and deletion, throttled as the Sign In
/// page is, and living 30 days.
@Suite struct KooberCloudTokenTests {
    @Test func theAPINeverAcceptsTheCookieAndThePagesNeverAcceptAToken() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let cookie = try #require(browser.cookie(named: "koober_session")?.value)
        let client = app.cloudClient()

        // The browser's session id, as a bearer token or as the cookie, opens nothing of the API.
        try await client.send(.GET, "/api/v1/me", headers: [("Authorization", "Bearer \(cookie)")])
        #expect(client.status == .unauthorized)
        #expect(client.response?.headers.first(name: "WWW-Authenticate")?.hasPrefix("Bearer") == true)
        try await client.send(.GET, "/api/v1/me", headers: [("Cookie", "koober_session=\(cookie)")])
        #expect(client.status == .unauthorized)

        // A token, as the cookie, is no session of the pages; and the browser's session lives on untouched.
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        let token = try #require(client.token)
        let stranger = app.browser()
        stranger.additionalHeaders = ["Cookie": "koober_session=\(token)"]
        try await stranger.visit("/profile")
        #expect(stranger.path == "/welcome")
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .ok)
        try await browser.visit("/profile")
        #expect(browser.path == "/profile")
    }

    @Test(arguments: [
        "", "Bearer", "Bearer short", "Basic am9obm55QGdtYWlsLmNvbTpwYXNzd29yZA==",
        "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ])
    func anythingButALiveTokenIsA401(authorization: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/ride", body: CloudRequests.ride(), headers: [("Authorization", authorization)])
        #expect(client.status == .unauthorized)
        #expect(try await app.container.services.rideRepository.followedRide(userID: UserID(1)) == nil)
    }

    @Test func signingOutEndsThisTokenOnly() async throws {
        let app = try await KooberTestApp()
        let phone = app.cloudClient()
        let tablet = app.cloudClient()
        try await phone.logIn(email: "johnny@gmail.com", password: "password")
        try await tablet.logIn(email: "johnny@gmail.com", password: "password")
        try await phone.send(.DELETE, "/api/v1/session")
        #expect(phone.status == .noContent)
        try await phone.send(.GET, "/api/v1/me")
        #expect(phone.status == .unauthorized)
        try await tablet.send(.GET, "/api/v1/me")
        #expect(tablet.status == .ok)
    }

    @Test func signOutEverywhereAPasswordChangeAndDeletionEndEveryToken() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let client = app.cloudClient()
        try await browser.signInAsJohnny()

        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await browser.visit("/profile")
        try await browser.press("Sign Out Everywhere")
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized)

        try await browser.signInAsJohnny()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await browser.visit("/profile/password")
        try browser.fillIn("Current Password", with: "password")
        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Change Password")
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized)

        try await client.logIn(email: "johnny@gmail.com", password: "kangaroo-jack")
        #expect(client.status == .ok)
        try await browser.visit("/profile/delete")
        try browser.fillIn("Password", with: "kangaroo-jack")
        try await browser.press("Delete Account")
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized)
    }

    @Test func aTokenLivesThirtyDaysHoweverSeldomUsed() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        app.clock.advance(by: 20 * 24 * 3600)  // idle far longer than a browser's session may be
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .ok)
        app.clock.advance(by: 10 * 24 * 3600)
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized)
    }

    @Test func wrongPasswordsAreThrottledWithTheSignInPagesCount() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        let browser = app.browser()
        // Failures on the page and through the API count together, for one email from one address.
        for _ in 0..<3 { try await browser.signIn(email: "johnny@gmail.com", password: "not-it") }
        for _ in 0..<2 {
            try await client.logIn(email: "johnny@gmail.com", password: "not-it")
            #expect(client.status == .unauthorized)
        }
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        #expect(client.status == .tooManyRequests)
        #expect(client.response?.headers.first(name: "Retry-After") == "900")
        #expect(client.token == nil)
    }

    @Test func sixSignUpsPastTheLimitAre429() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        var statuses: [UInt] = []
        for number in 1...11 {
            try await client.send(.POST, "/signUp", body: CloudRequests.signUp(email: "roo\(number)@example.com"))
            statuses.append(client.status?.code ?? 0)
        }
        #expect(statuses == Array(repeating: 200, count: 10) + [429])
        #expect(try await app.container.services.userRepository.credentials(forEmail: "roo11@example.com") == nil)
    }

    @Test func aFullHashingQueueIsAJSON503WithRetryAfter() async throws {
        var bounded: BoundedPasswordHasher?
        let app = try await KooberTestApp { services in
            let hasher = BoundedPasswordHasher(
                HeldPasswordHasher(hasher: services.passwordHasher), capacity: 1)
            services.passwordHasher = hasher
            bounded = hasher
        }
        let hasher = try #require(bounded)
        let holder = Task { try await app.cloudClient().logIn(email: "someone@example.com", password: "password") }
        #expect(try await eventually { hasher.depth == 1 })
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        holder.cancel()
        #expect(client.status == .serviceUnavailable)
        #expect(client.response?.headers.first(name: "Retry-After") == "5")
        #expect((try client.object()["error"] as? [String: Any])?["title"] as? String == "Koober is busy")
        #expect(client.token == nil)
    }

    @Test(arguments: ["", "evil.example/path", "a b", "host@evil"])
    func aHostThatIsNotAHostIsA400AndNeverPartOfAURL(host: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(
            .POST, "/login", headers: [("Host", host), ("Authorization", "Basic am9obm55QGdtYWlsLmNvbTpwYXNzd29yZA==")])
        #expect(client.status == .badRequest)
    }
}

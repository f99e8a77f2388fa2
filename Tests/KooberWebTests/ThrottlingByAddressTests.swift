import HTTPServer
import KooberTestSupport
import TestBrowsing
import Testing

/// SPEC.md: sign-in failures are throttled per email and client address, per address across emails and per email
/// across addresses, so nobody can lock a rider out from elsewhere; sign-up is throttled per address; the address is
/// the socket's peer, or the last `X-Forwarded-For` hop with `--trust-proxy`.
@Suite struct ThrottlingByAddressTests {
    private static let attacker = "203.0.113.66"
    private static let rider = "198.51.100.7"

    private func browser(_ app: KooberTestApp, from address: String) -> TestBrowser {
        let browser = app.browser()
        browser.peerAddress = address
        return browser
    }

    /// Fails a sign-in for each of `emails` from `browser`, then sees the right password for Johnny refused with 429.
    private func failThenBeThrottled(_ browser: TestBrowser, emails: [String]) async throws {
        for email in emails {
            try await browser.signIn(email: email, password: "guess")
            #expect(browser.status == .unprocessableEntity)
        }
        try await browser.signInAsJohnny()
        #expect(browser.status == .tooManyRequests)
    }

    @Test func fiveWrongPasswordsFromOneAddressLockThatAddressOutButNotTheRiderElsewhere() async throws {
        let app = try await KooberTestApp()
        let attacker = browser(app, from: Self.attacker)
        try await failThenBeThrottled(attacker, emails: Array(repeating: "johnny@gmail.com", count: 5))
        #expect(attacker.cookie(named: "koober_session") == nil)

        let rider = browser(app, from: Self.rider)
        try await rider.signInAsJohnny()
        #expect(rider.path == "/ride")

        // The rider signing in does not lift the attacker's lockout.
        try await attacker.signIn(email: "johnny@gmail.com", password: "password")
        #expect(attacker.status == .tooManyRequests)
    }

    @Test func oneAddressTryingManyEmailsIsStoppedAfterFiftyFailures() async throws {
        let app = try await KooberTestApp()
        let attacker = browser(app, from: Self.attacker)
        try await failThenBeThrottled(attacker, emails: (1...50).map { "rider\($0)@example.com" })

        let rider = browser(app, from: Self.rider)
        try await rider.signInAsJohnny()
        #expect(rider.path == "/ride")

        app.clock.advance(by: 15 * 60 + 1)
        try await attacker.signIn(email: "johnny@gmail.com", password: "password")
        #expect(attacker.path == "/ride")
    }

    @Test func oneEmailGuessedFromManyAddressesIsStoppedAfterAHundredFailures() async throws {
        let app = try await KooberTestApp()
        for index in 0..<100 {
            let attacker = browser(app, from: "203.0.113.\(index)")
            try await attacker.signIn(email: "johnny@gmail.com", password: "guess")
            #expect(attacker.status == .unprocessableEntity)
        }
        let another = browser(app, from: "203.0.113.200")
        try await another.signIn(email: "johnny@gmail.com", password: "password")
        #expect(another.status == .tooManyRequests)
    }

    @Test func signUpIsThrottledAtTenAccountsPerAddressPerHour() async throws {
        let app = try await KooberTestApp()
        for index in 1...10 {
            let visitor = browser(app, from: Self.attacker)
            try await visitor.signUp(TestBrowser.Account(email: "roo\(index)@example.com"))
            #expect(visitor.path == "/ride")
        }
        let eleventh = browser(app, from: Self.attacker)
        try await eleventh.signUp(TestBrowser.Account(email: "roo11@example.com"))
        #expect(eleventh.status == .tooManyRequests)
        #expect(try eleventh.errorPanel()?.title == "Too Many Sign-Ups")
        #expect(try eleventh.fieldValue("Email") == "roo11@example.com")
        #expect(try await app.container.services.userRepository.credentials(forEmail: "roo11@example.com") == nil)

        let elsewhere = browser(app, from: Self.rider)
        try await elsewhere.signUp(TestBrowser.Account(email: "roo12@example.com"))
        #expect(elsewhere.path == "/ride")

        app.clock.advance(by: 60 * 60 + 1)
        let later = browser(app, from: Self.attacker)
        try await later.signUp(TestBrowser.Account(email: "roo11@example.com"))
        #expect(later.path == "/ride")
    }

    /// Five failures from behind the proxy, each claiming another client in `X-Forwarded-For`, then the rider.
    private func lockoutThroughAProxy(trustProxy: Bool) async throws -> TestBrowser {
        let app = try await KooberTestApp { $0.trustProxy = trustProxy }
        let proxy = "10.0.0.1"
        let attacker = browser(app, from: proxy)
        attacker.additionalHeaders = ["X-Forwarded-For": "1.2.3.4, \(Self.attacker)"]
        for _ in 1...5 { try await attacker.signIn(email: "johnny@gmail.com", password: "guess") }
        let rider = browser(app, from: proxy)
        rider.additionalHeaders = ["X-Forwarded-For": Self.attacker + ", " + Self.rider]
        try await rider.signInAsJohnny()
        return rider
    }

    @Test func withoutTrustProxyXForwardedForIsIgnoredAndThePeerCounts() async throws {
        let rider = try await lockoutThroughAProxy(trustProxy: false)
        #expect(rider.status == .tooManyRequests)
    }

    @Test func withTrustProxyTheLastForwardedHopIsTheClient() async throws {
        let rider = try await lockoutThroughAProxy(trustProxy: true)
        #expect(rider.path == "/ride")
    }

    @Test(arguments: ["not-an-address", "203.0.113.66; DROP", "999.1.1.1", String(repeating: "1", count: 5_000)])
    func aLastHopThatIsNotAnIPAddressFallsBackToThePeer(hop: String) async throws {
        let app = try await KooberTestApp { $0.trustProxy = true }
        let attacker = browser(app, from: Self.attacker)
        for index in 1...5 {
            attacker.additionalHeaders = ["X-Forwarded-For": "192.0.2.\(index), \(hop)"]
            try await attacker.signIn(email: "johnny@gmail.com", password: "guess")
        }
        try await attacker.signInAsJohnny()
        #expect(attacker.status == .tooManyRequests)
    }

    @Test func anIPv6LastHopIsAClientAddress() async throws {
        let app = try await KooberTestApp { $0.trustProxy = true }
        let attacker = browser(app, from: "10.0.0.1")
        attacker.additionalHeaders = ["X-Forwarded-For": "2001:db8::66"]
        for _ in 1...5 { try await attacker.signIn(email: "johnny@gmail.com", password: "guess") }
        let rider = browser(app, from: "10.0.0.1")
        rider.additionalHeaders = ["X-Forwarded-For": "2001:db8::7"]
        try await rider.signInAsJohnny()
        #expect(rider.path == "/ride")
        try await attacker.signInAsJohnny()
        #expect(attacker.status == .tooManyRequests)
    }

    /// Over a real socket the peer is 127.0.0.1: the server's own peer address, not a test's, is what counts, and
    /// `X-Forwarded-For` sent through it is honoured only with `--trust-proxy`.
    @Test(arguments: [false, true])
    func overTCPTheSocketsPeerCountsAndXForwardedForOnlyWithTrustProxy(trustProxy: Bool) async throws {
        let app = try await KooberTestApp { $0.trustProxy = trustProxy }
        try await app.withServer { port in
            let attacker = TestBrowser(host: "127.0.0.1", port: port)
            attacker.additionalHeaders = ["X-Forwarded-For": Self.attacker]
            for _ in 1...5 { try await attacker.signIn(email: "johnny@gmail.com", password: "guess") }
            try await attacker.signInAsJohnny()
            #expect(attacker.status == .tooManyRequests)

            let rider = TestBrowser(host: "127.0.0.1", port: port)
            rider.additionalHeaders = ["X-Forwarded-For": Self.rider]
            try await rider.signInAsJohnny()
            #expect(rider.status == (trustProxy ? .ok : .tooManyRequests))
        }
    }
}

import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Forgot Password, the reset link, email confirmation and Send Confirmation Email on the in-memory store: each rule
/// of SPEC.md's "Email" at its edge, on a virtual clock.
@Suite struct MailedLinkUseCaseTests {
    let stores = StoreServices.inMemory()
    let signal = SessionEndSignalSpy()
    let policy = AccountLinkPolicy()

    var mail: InMemoryAccountLinks { stores.outbox as! InMemoryAccountLinks }

    @discardableResult
    func addRider(email: String = "zoe@example.com", password: String = "password") async throws -> UserProfile {
        try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: email, mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: password)))
    }

    func forgot(_ email: String, from address: String = "192.0.2.1", at now: Date = referenceTime) async throws {
        try await RequestPasswordResetUseCase(
            email: email, clientAddress: address, now: now, userRepository: stores.users,
            linkRepository: stores.accountLinks, quota: stores.requestQuota, policy: policy
        ).run()
    }

    func reset(_ token: String, to password: String = "new password", at now: Date = referenceTime) async throws
        -> Result<StartedSession, ResetPasswordError>
    {
        try await outcome(ResetPasswordError.self) {
            try await ResetPasswordUseCase(
                token: token, newPassword: password, now: now, linkRepository: stores.accountLinks,
                sessionRepository: stores.sessions, passwordHasher: FakePasswordHasher(),
                sessionPolicy: SessionPolicy(), signal: signal
            ).run()
        }
    }

    /// The tokens of the messages queued by `now` (as a sender claiming them then draws them), oldest first.
    func queuedTokens(_ kind: MailKind, at now: Date = referenceTime) async throws -> [String] {
        try await mail.claimDue(at: now, limit: 1_000, leaseUntil: .distantFuture)
            .filter { $0.mail.kind == kind }.compactMap(\.mail.token)
    }

    @Test func aResetLinkIsMailedToAKnownEmailAndNothingToAnUnknownOne() async throws {
        try await addRider()
        try await forgot(" Zoe@Example.com ")
        try await forgot("nobody@example.com")
        let tokens = try await queuedTokens(.passwordReset)
        #expect(tokens.count == 1)
        #expect(RandomToken.isWellFormed(try #require(tokens.first)))
    }

    @Test func aMalformedEmailIsAFieldProblemAndQueuesNothing() async throws {
        await #expect(throws: RequestPasswordResetError.invalid([.email: .notAnEmailAddress])) {
            try await forgot("not an email")
        }
        await #expect(throws: RequestPasswordResetError.invalid([.email: .missing])) { try await forgot(" ") }
        #expect(try await mail.status().queued == 0)
    }

    @Test func resetsAreThrottledPerEmailAndPerAddressSilently() async throws {
        try await addRider()
        for _ in 0..<4 { try await forgot("zoe@example.com") }
        #expect(try await mail.status().queued == 3)
        // Another hour, and the email may ask again.
        try await forgot("zoe@example.com", at: referenceTime + minutes(61))
        #expect(try await mail.status().queued == 4)

        let other = MailedLinkUseCaseTests()
        try await other.addRider(email: "a@example.com")
        for index in 0..<10 { try await other.forgot("x\(index)@example.com", from: "198.51.100.7") }
        try await other.forgot("a@example.com", from: "198.51.100.7")
        #expect(try await other.mail.status().queued == 0)
        try await other.forgot("a@example.com", from: "198.51.100.8")
        #expect(try await other.mail.status().queued == 1)
    }

    /// Issue 41: requests an address's quota refuses do not count against the email they name, so a throttled
    /// address cannot use up a rider's three an hour.
    @Test func aThrottledAddressDoesNotUseUpTheRidersOwnResets() async throws {
        try await addRider()
        for index in 0..<10 { try await forgot("x\(index)@example.com", from: "198.51.100.7") }
        for _ in 0..<3 { try await forgot("zoe@example.com", from: "198.51.100.7") }
        #expect(try await mail.status().queued == 0)

        try await forgot("zoe@example.com", from: "192.0.2.1")
        #expect(try await mail.status().queued == 1, "the rider's own request is mailed")
        try await forgot("zoe@example.com", from: "192.0.2.2")
        try await forgot("zoe@example.com", from: "192.0.2.3")
        try await forgot("zoe@example.com", from: "192.0.2.4")
        #expect(try await mail.status().queued == 3, "and the email's quota still counts the requests let through")
    }

    /// Issue 41: an email without an account, or over its quota, costs the store what a known one does, one write of
    /// a reset link and its message (a decoy, taken back out), so the answer takes as long; and nothing is sent.
    @Test func everyEmailCostsTheStoreTheSameWrite() async throws {
        try await addRider()
        let spy = AccountLinkStoreSpy(stores.accountLinks)
        let forgot = { (email: String, address: String) in
            try await RequestPasswordResetUseCase(
                email: email, clientAddress: address, now: referenceTime, userRepository: self.stores.users,
                linkRepository: spy, quota: self.stores.requestQuota, policy: self.policy
            ).run()
        }
        try await forgot("zoe@example.com", "192.0.2.1")
        try await forgot("nobody@example.com", "192.0.2.2")
        for address in ["192.0.2.3", "192.0.2.4", "192.0.2.5"] { try await forgot("zoe@example.com", address) }

        let reset = AccountLinkPolicy().passwordResetLifetime
        #expect(
            spy.writes == [
                .issue(.passwordReset, lifetime: reset), .decoy(.passwordReset, lifetime: reset),
                .issue(.passwordReset, lifetime: reset), .issue(.passwordReset, lifetime: reset),
                .decoy(.passwordReset, lifetime: reset),
            ])
        #expect(try await mail.status().queued == 3, "a decoy sends nothing")
    }

    @Test func aResetSetsThePasswordEndsEverySessionAndSignsThisBrowserIn() async throws {
        let rider = try await addRider()
        let old = SessionToken.generate()
        try await stores.sessions.create(tokenHash: old.hash, userID: rider.id, kind: .web, now: referenceTime)
        let api = SessionToken.generate()
        try await stores.sessions.create(tokenHash: api.hash, userID: rider.id, kind: .api, now: referenceTime)
        try await forgot("zoe@example.com")
        let token = try #require(try await queuedTokens(.passwordReset).first)

        let session = try #require(try await reset(token).get())
        #expect(session.profile.id == rider.id)
        #expect(try await stores.sessions.session(tokenHash: old.hash) == nil)
        #expect(try await stores.sessions.session(tokenHash: api.hash) == nil)
        #expect(try await stores.sessions.session(tokenHash: session.token.hash) != nil)
        #expect(signal.ended == [.allOf(rider.id)])
        let credentials = try #require(try await stores.users.credentials(forEmail: "zoe@example.com"))
        #expect(credentials.passwordHash == FakePasswordHasher.fakeHash(of: "new password"))
        // Used once.
        #expect(try await reset(token).failure == .linkExpired)
    }

    @Test func aLinkExpiresAfterThirtyMinutes() async throws {
        try await addRider()
        try await forgot("zoe@example.com")
        let token = try #require(try await queuedTokens(.passwordReset).first)
        #expect(try await reset(token, at: referenceTime + minutes(30)).failure == .linkExpired)
        #expect(try await reset(token, at: referenceTime + minutes(29.9)).failure == nil)
    }

    @Test func aNewerLinkOrAPasswordChangeSupersedesTheOlder() async throws {
        let rider = try await addRider()
        try await forgot("zoe@example.com")
        let older = try await queuedTokens(.passwordReset)
        try await forgot("zoe@example.com", at: referenceTime + 1)
        let tokens = older + (try await queuedTokens(.passwordReset, at: referenceTime + 1))
        #expect(tokens.count == 2)
        #expect(try await reset(tokens[0]).failure == .linkExpired)

        try await stores.users.updatePasswordHash(id: rider.id, passwordHash: FakePasswordHasher.fakeHash(of: "x"))
        #expect(try await reset(tokens[1]).failure == .linkExpired)
    }

    @Test func aForgedOrMalformedTokenIsNoLink() async throws {
        try await addRider()
        for token in ["", "abc", String(repeating: "A", count: 43), String(repeating: "é", count: 43), "a\u{0}b"] {
            #expect(try await reset(token).failure == .linkExpired)
        }
    }

    @Test func aWeakNewPasswordIsAFieldProblemAndLeavesTheLinkValid() async throws {
        try await addRider()
        try await forgot("zoe@example.com")
        let token = try #require(try await queuedTokens(.passwordReset).first)
        #expect(try await reset(token, to: "short").failure == .invalid([.newPassword: .tooShort(minimum: 8)]))
        #expect(try await reset(token).failure == nil)
    }

    @Test func signUpQueuesAConfirmationThatConfirmsOnce() async throws {
        _ = try await SignUpUseCase(
            account: makeAccount(email: "new@example.com"), clientAddress: "192.0.2.1", now: referenceTime,
            userRepository: stores.users, sessionRepository: stores.sessions, passwordHasher: FakePasswordHasher(),
            sessionPolicy: SessionPolicy(), signUpThrottle: stores.signUpThrottle
        ).run()
        let token = try #require(try await queuedTokens(.emailConfirmation).first)
        let userID = try #require(try await stores.users.credentials(forEmail: "new@example.com")).profile.id
        #expect(try await !stores.accountLinks.isEmailConfirmed(userID: userID))
        let confirm = ConfirmEmailUseCase(
            token: token, now: referenceTime + days(6.9), linkRepository: stores.accountLinks)
        #expect(try await confirm.run())
        #expect(try await stores.accountLinks.isEmailConfirmed(userID: userID))
        #expect(try await !confirm.run())
    }

    @Test func aConfirmationLinkExpiresAfterSevenDays() async throws {
        let rider = try await addRider()
        try await send(for: rider.id)
        let token = try #require(try await queuedTokens(.emailConfirmation).first)
        #expect(
            try await !ConfirmEmailUseCase(
                token: token, now: referenceTime + days(7), linkRepository: stores.accountLinks
            ).run())
    }

    func send(for userID: UserID, at now: Date = referenceTime) async throws {
        try await SendEmailConfirmationUseCase(
            userID: userID, now: now, linkRepository: stores.accountLinks, quota: stores.requestQuota, policy: policy
        ).run()
    }

    @Test func sendConfirmationEmailIsThrottledAndRefusedOnceConfirmed() async throws {
        let rider = try await addRider()
        for _ in 0..<3 { try await send(for: rider.id) }
        await #expect(throws: SendEmailConfirmationError.throttled) { try await send(for: rider.id) }
        try await send(for: rider.id, at: referenceTime + minutes(61))
        let token = try #require(try await queuedTokens(.emailConfirmation, at: referenceTime + minutes(61)).last)
        #expect(
            try await ConfirmEmailUseCase(
                token: token, now: referenceTime + minutes(62), linkRepository: stores.accountLinks
            ).run())
        await #expect(throws: SendEmailConfirmationError.alreadyConfirmed) {
            try await send(for: rider.id, at: referenceTime + minutes(200))
        }
    }
}

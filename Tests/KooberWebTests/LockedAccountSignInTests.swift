import Foundation
import KooberKit
import KooberTestSupport
import Testing

@testable import KooberWeb

/// A rider whose account Koober Ops locked (SPEC.md, "Koober Ops", **Riders**): their browser and their app are signed
/// out at their next request, and a sign-in with the right password, on the page or through Koober Cloud, answers
/// **This account is locked. Please contact Koober.**; after **Unlock Account** both sign in again. (The lock itself is
/// the use case's, run here as the /ops page will run it.)
@Suite struct LockedAccountSignInTests {
    private let support = StaffMember(
        id: StaffID(1), email: "ana@koober.example", name: "Ana Lima", role: .support, isEnrolled: true,
        lastSignInAt: nil)

    @Test func aLockedRiderIsSignedOutAndToldSoOnThePageAndTheAPIUntilUnlocked() async throws {
        let app = try await KooberTestApp()
        let services = app.container.services
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        let johnny = try #require(try await services.riderAccountRepository.rider(email: "johnny@gmail.com"))

        _ = try await LockRiderAccountUseCase(
            userID: johnny.id, reason: "Abusive to an animal", member: support, now: app.clock.now,
            riderAccounts: services.riderAccountRepository, rides: services.rideRepository,
            rideSignal: app.container.rideDispatcher, sessionSignal: app.container.sessionEnds
        ).run()

        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized)
        try await browser.visit("/profile")
        #expect(browser.path == "/welcome")

        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.path == "/signin" && browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.message == "This account is locked. Please contact Koober.")
        try await browser.visit("/profile")
        #expect(browser.path == "/welcome", "no session was started")
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        #expect(client.status == .unauthorized)
        let error = try #require(try client.object()["error"] as? [String: Any])
        #expect(error["message"] as? String == "This account is locked. Please contact Koober.")
        try await client.send(.GET, "/api/v1/me")
        #expect(client.status == .unauthorized, "no token was started")

        try await UnlockRiderAccountUseCase(
            userID: johnny.id, member: support, now: app.clock.now, riderAccounts: services.riderAccountRepository
        ).run()
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        #expect(client.status == .ok)
    }
}

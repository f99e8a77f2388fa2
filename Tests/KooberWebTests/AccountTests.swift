import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// My Profile's account changes through the test browser (issue 21): each form's success, each failure with its
/// field errors and kept values, and what they do to the rider's other browsers.
@Suite struct AccountTests {
    @Test func editProfileSavesTheNewDetailsAndAFailureKeepsWhatWasTyped() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/profile")
        try await browser.clickLink("Edit Profile")
        #expect(try browser.text(at: "//h1") == "Edit Profile")
        #expect(try browser.fieldValue("Full Name") == "Johnny Appleseed")

        try browser.fillIn("Full Name", with: "   ")
        try browser.fillIn("What should we call you?", with: "Jon")
        try browser.fillIn("Mobile Number", with: "no digits")
        try await browser.press("Save")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Save Failed")
        #expect(try browser.fieldError("Full Name") == "Please enter your full name.")
        #expect(try browser.fieldError("Mobile Number") == "A mobile number needs digits.")
        #expect(try browser.fieldError("What should we call you?") == nil)
        #expect(try browser.fieldValue("What should we call you?") == "Jon")
        #expect(try browser.fieldValue("Mobile Number") == "no digits")

        try browser.fillIn("Full Name", with: "Jonathan Appleseed")
        try browser.fillIn("Mobile Number", with: "0400 123 456")
        try await browser.press("Save")
        #expect(browser.path == "/profile")
        #expect(try browser.text(at: "//dd[@class='profile-name']") == "Jonathan Appleseed")
        #expect(try browser.text(at: "//dd[@class='profile-nickname']") == "Jon")
        #expect(try browser.text(at: "//dd[@class='profile-mobile']") == "0400 123 456")
        #expect(try browser.text(at: "//dd[@class='profile-email']") == "johnny@gmail.com")
    }

    @Test func changePasswordSignsOutTheOtherBrowsersAndKeepsThisOneWithANewSession() async throws {
        let app = try await KooberTestApp()
        let phone = app.browser()
        let laptop = app.browser()
        try await phone.signInAsJohnny()
        try await laptop.signInAsJohnny()
        let oldCookie = try #require(phone.cookie(named: "koober_session")?.value)

        try await phone.visit("/profile/password")
        #expect(try phone.text(at: "//h1") == "Change Password")
        try phone.fillIn("Current Password", with: "not my password")
        try phone.fillIn("New Password", with: "kangaroo-jack")
        try await phone.press("Change Password")
        #expect(phone.status == .unprocessableEntity)
        #expect(try phone.errorPanel()?.title == "Change Password Failed")
        #expect(try phone.fieldError("Current Password") == "That is not your current password.")
        #expect(try phone.fieldValue("Current Password") == "")

        try phone.fillIn("Current Password", with: "password")
        try phone.fillIn("New Password", with: "short")
        try await phone.press("Change Password")
        #expect(try phone.fieldError("New Password") == "Passwords need at least 8 characters.")

        try phone.fillIn("Current Password", with: "password")
        try phone.fillIn("New Password", with: "kangaroo-jack")
        try await phone.press("Change Password")
        #expect(phone.path == "/profile")
        #expect(try phone.text(at: "//h1") == "My Profile")
        #expect(try #require(phone.cookie(named: "koober_session")?.value) != oldCookie)

        // The laptop is signed out at its next request; the old password no longer signs in, the new one does.
        try await laptop.visit("/ride")
        #expect(laptop.path == "/welcome")
        try await laptop.signIn(email: "johnny@gmail.com", password: "password")
        #expect(try laptop.errorPanel()?.title == "Sign In Failed")
        try await laptop.signIn(email: "johnny@gmail.com", password: "kangaroo-jack")
        #expect(laptop.path == "/ride")
    }

    @Test func wrongPasswordsOnTheProfilesFormsAreThrottledAsSignInIs() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        var statuses: [Int] = []
        for _ in 0..<6 {
            try await browser.visit("/profile/delete")
            try browser.fillIn("Password", with: "guess")
            try await browser.press("Delete Account")
            statuses.append(Int(browser.status?.code ?? 0))
        }
        #expect(statuses == [422, 422, 422, 422, 422, 429])
        #expect(try browser.errorPanel()?.title == "Too Many Tries")
        // Throttled, even the right password is not checked, and nothing is removed.
        try await browser.visit("/profile/password")
        try browser.fillIn("Current Password", with: "password")
        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Change Password")
        #expect(browser.status == .tooManyRequests)
        try await browser.visit("/profile")
        #expect(try browser.text(at: "//dd[@class='profile-email']") == "johnny@gmail.com")
    }

    @Test func signOutEverywhereSignsOutEveryBrowserOfTheRider() async throws {
        let app = try await KooberTestApp()
        let phone = app.browser()
        let laptop = app.browser()
        let someoneElse = app.browser()
        try await phone.signInAsJohnny()
        try await laptop.signInAsJohnny()
        try await someoneElse.signUp(.init())
        try await phone.visit("/profile")
        try await phone.press("Sign Out Everywhere")
        #expect(phone.path == "/welcome")
        try await phone.visit("/profile")
        #expect(phone.path == "/welcome")
        try await laptop.visit("/profile")
        #expect(laptop.path == "/welcome")
        try await someoneElse.visit("/profile")
        #expect(someoneElse.path == "/profile")
    }

    @Test func deleteAccountRemovesTheRiderAndTheirRidesAndTheEmailCanSignUpAgain() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let account = TestBrowser.Account()
        try await browser.signUp(account)
        try await browser.visit("/ride")
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        #expect(try browser.rideStatus() == "finding")
        let userID = try #require(
            try await app.container.services.userRepository.credentials(forEmail: account.email)?.profile.id)

        try await browser.visit("/profile")
        try await browser.clickLink("Delete Account")
        try browser.fillIn("Password", with: "not it")
        try await browser.press("Delete Account")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Delete Account Failed")
        #expect(try browser.fieldError("Password") == "That is not your password.")
        #expect(try await app.container.services.userRepository.profile(id: userID) != nil)

        try browser.fillIn("Password", with: account.password)
        try await browser.press("Delete Account")
        #expect(browser.path == "/welcome")
        #expect(try await app.container.services.userRepository.profile(id: userID) == nil)
        #expect(try await app.container.services.rideRepository.rides(userID: userID, before: nil, limit: 10).isEmpty)
        try await browser.visit("/profile")
        #expect(browser.path == "/welcome")
        try await browser.signIn(email: account.email, password: account.password)
        #expect(try browser.errorPanel()?.title == "Sign In Failed")

        // The email is free again: a new account, with no rides.
        try await browser.signUp(account)
        #expect(browser.path == "/ride")
        try await browser.visit("/profile")
        #expect(try browser.text(at: "//p[@class='no-rides']") == "No rides yet.")
    }

    @Test(arguments: [
        "/profile/edit", "/profile/password", "/profile/sessions/end", "/profile/delete", "/profile/email/confirmation",
    ])
    func everyAccountFormRefusesAPostWithoutItsToken(path: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.post(
            path, fields: [("password", "password"), ("currentPassword", "password"), ("name", "X")])
        #expect(browser.status == .forbidden)
        try await browser.visit("/profile")
        #expect(try browser.text(at: "//dd[@class='profile-name']") == "Johnny Appleseed")
    }
}

import KooberKit
import Testing

@testable import KooberWeb

/// The words riders read for the use cases' errors (SPEC.md), and the form fields they are shown beside.
@Suite struct ErrorWordsTests {
    /// English, as the catalogue has it: the words SPEC.md names exactly.
    let words: Words

    init() throws {
        words = try Words.project()
    }

    @Test func signUpsProblemsAreWordedBesideTheirFormFields() {
        let message = SignUpError.invalid([
            .name: .missing, .nickname: .missing, .email: .notAnEmailAddress, .mobileNumber: .noDigits,
            .password: .tooShort(minimum: 8),
        ]).errorMessage(words)
        #expect(message.title == "Sign Up Failed")
        #expect(message.message == "Please correct the fields marked below.")
        #expect(
            message.fieldErrors == [
                "name": "Please enter your full name.",
                "nickname": "Please tell us what to call you.",
                "email": "Please enter an email address like name@example.com.",
                "mobileNumber": "A mobile number needs digits.",
                "password": "Passwords need at least 8 characters.",
            ])
        #expect(
            SignUpError.invalid([.email: .missing, .mobileNumber: .missing, .password: .missing]).errorMessage(words)
                .fieldErrors == [
                    "email": "Please enter your email.", "mobileNumber": "Please enter your mobile number.",
                    "password": "Please choose a password.",
                ])
    }

    @Test func aTakenEmailIsTheEmailFieldsProblemUnderTheNameTheCallerGives() {
        let taken = "This email is already registered. Try signing in instead."
        #expect(SignUpError.emailTaken.errorMessage(words).fieldErrors == ["email": taken])
        #expect(SignUpError.emailTaken.errorMessage(words, naming: { _ in "login" }).fieldErrors == ["login": taken])
        #expect(SignUpError.throttled.errorMessage(words).title == "Too Many Sign-Ups")
    }

    @Test func theAPINamesTheFullNameAsTheBooksAppSendsIt() {
        let message = SignUpError.invalid([.name: .missing]).errorMessage(words, naming: CloudNewAccount.key(for:))
        #expect(message.fieldErrors == ["fullName": "Please enter your full name."])
    }

    @Test func limitsAreWordedInTheirUnit() {
        #expect(FieldProblem.tooLong(.name).text(for: .name, words) == "Use at most 100 characters.")
        #expect(
            FieldProblem.tooLong(.password).text(for: .password, words)
                == "Use at most 1,024 bytes (accented letters and emoji take more than one).")
        #expect(
            SearchDropoffLocationsError.queryTooLong(.search).errorMessage(words).fieldErrors == [
                "q": "Use at most 100 characters."
            ])
    }

    @Test func thePasswordFormsSayWhosePasswordIsWrong() {
        #expect(
            ChangePasswordError.invalid([.currentPassword: .notYourPassword, .newPassword: .missing]).errorMessage(
                words
            )
            .fieldErrors == [
                "currentPassword": "That is not your current password.", "newPassword": "Please choose a password.",
            ])
        #expect(
            ChangePasswordError.invalid([.currentPassword: .missing]).errorMessage(words).fieldErrors == [
                "currentPassword": "Please enter your current password."
            ])
        #expect(
            DeleteAccountError.invalid(.missing).errorMessage(words).fieldErrors == [
                "password": "Please enter your password."
            ]
        )
        #expect(
            DeleteAccountError.invalid(.notYourPassword).errorMessage(words).fieldErrors == [
                "password": "That is not your password."
            ])
        #expect(DeleteAccountError.throttled.errorMessage(words) == SignInError.throttled.errorMessage(words))
        #expect(EditProfileError.accountGone.errorMessage(words).message == "Your account no longer exists.")
    }

    @Test func signInsFailuresAreTheOnesOfTheSpec() {
        #expect(SignInError.failed.errorMessage(words).title == "Sign In Failed")
        #expect(SignInError.failed.errorMessage(words).message == "Could not sign in. Please try again.")
        #expect(SignInError.failed.errorMessage(words).fieldErrors.isEmpty)
        #expect(SignInError.throttled.errorMessage(words).title == "Too Many Tries")
        #expect(SignInError.throttled.errorMessage(words).message.contains("15 minutes"))
    }

    @Test func rideErrorsHaveTheirTitles() {
        #expect(RequestRideError.noRideOptionChosen.errorMessage(words).title == "Choose a Ride")
        #expect(RequestRideError.unknownRideOption.errorMessage(words).title == "Unknown Ride Option")
        #expect(RequestRideError.noDropoffChosen.errorMessage(words).title == "No Drop-off Chosen")
        #expect(RequestRideError.rideAlreadyRequested.errorMessage(words).title == "Ride Already Requested")
        #expect(SelectDropoffLocationError.unknownPlace.errorMessage(words).title == "Unknown Place")
        #expect(SelectDropoffLocationError.rideInProgress.errorMessage(words).title == "Ride On Its Way")
        #expect(CancelRideError.alreadyRiding.errorMessage(words).title == "Cancel Failed")
        #expect(LoadUserProfileError.accountGone.errorMessage(words).title == "Profile Not Found")
    }

    @Test func theMailedLinksSayWhatHappenedWithoutTellingWhoHasAnAccount() {
        #expect(
            RequestPasswordResetError.invalid([.email: .notAnEmailAddress]).errorMessage(words).fieldErrors == [
                "email": "Please enter an email address like name@example.com."
            ])
        #expect(ResetPasswordError.linkExpired.errorMessage(words).title == "Link Expired")
        #expect(
            ResetPasswordError.linkExpired.errorMessage(words).message
                == "This link has expired or has already been used.")
        #expect(
            ResetPasswordError.invalid([.newPassword: .tooShort(minimum: 8)]).errorMessage(words).fieldErrors == [
                "newPassword": "Passwords need at least 8 characters."
            ])
        #expect(SendEmailConfirmationError.throttled.errorMessage(words).title == "Too Many Emails")
        #expect(AccountLinkNotice.checkYourEmail(words).title == "Check Your Email")
        #expect(
            AccountLinkNotice.checkYourEmail(words).message
                == "If an account uses that email, we've sent it a link to reset the password.")
        #expect(AccountLinkNotice.confirmationSent(to: "a@b.co", words).message == "We've sent a link to a@b.co.")
    }
}

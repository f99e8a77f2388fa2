import KooberKit
import Testing

@testable import KooberWeb

/// The words riders read for the use cases' errors (SPEC.md), and the form fields they are shown beside.
@Suite struct ErrorWordsTests {
    @Test func signUpsProblemsAreWordedBesideTheirFormFields() {
        let message = SignUpError.invalid([
            .name: .missing, .nickname: .missing, .email: .notAnEmailAddress, .mobileNumber: .noDigits,
            .password: .tooShort(minimum: 8),
        ]).errorMessage()
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
            SignUpError.invalid([.email: .missing, .mobileNumber: .missing, .password: .missing]).errorMessage()
                .fieldErrors == [
                    "email": "Please enter your email.", "mobileNumber": "Please enter your mobile number.",
                    "password": "Please choose a password.",
                ])
    }

    @Test func aTakenEmailIsTheEmailFieldsProblemUnderTheNameTheCallerGives() {
        let taken = "This email is already registered. Try signing in instead."
        #expect(SignUpError.emailTaken.errorMessage().fieldErrors == ["email": taken])
        #expect(SignUpError.emailTaken.errorMessage(naming: { _ in "login" }).fieldErrors == ["login": taken])
        #expect(SignUpError.throttled.errorMessage().title == "Too Many Sign-Ups")
    }

    @Test func theAPINamesTheFullNameAsTheBooksAppSendsIt() {
        let message = SignUpError.invalid([.name: .missing]).errorMessage(naming: CloudNewAccount.key(for:))
        #expect(message.fieldErrors == ["fullName": "Please enter your full name."])
    }

    @Test func limitsAreWordedInTheirUnit() {
        #expect(FieldProblem.tooLong(.name).words(for: .name) == "Use at most 100 characters.")
        #expect(
            FieldProblem.tooLong(.password).words(for: .password)
                == "Use at most 1,024 bytes (accented letters and emoji take more than one).")
        #expect(
            SearchDropoffLocationsError.queryTooLong(.search).errorMessage.fieldErrors == [
                "q": "Use at most 100 characters."
            ])
    }

    @Test func thePasswordFormsSayWhosePasswordIsWrong() {
        #expect(
            ChangePasswordError.invalid([.currentPassword: .notYourPassword, .newPassword: .missing]).errorMessage
                .fieldErrors == [
                    "currentPassword": "That is not your current password.", "newPassword": "Please choose a password.",
                ])
        #expect(
            ChangePasswordError.invalid([.currentPassword: .missing]).errorMessage.fieldErrors == [
                "currentPassword": "Please enter your current password."
            ])
        #expect(
            DeleteAccountError.invalid(.missing).errorMessage.fieldErrors == ["password": "Please enter your password."]
        )
        #expect(
            DeleteAccountError.invalid(.notYourPassword).errorMessage.fieldErrors == [
                "password": "That is not your password."
            ])
        #expect(DeleteAccountError.throttled.errorMessage == SignInError.throttled.errorMessage)
        #expect(EditProfileError.accountGone.errorMessage.message == "Your account no longer exists.")
    }

    @Test func signInsFailuresAreTheOnesOfTheSpec() {
        #expect(SignInError.failed.errorMessage.title == "Sign In Failed")
        #expect(SignInError.failed.errorMessage.message == "Could not sign in. Please try again.")
        #expect(SignInError.failed.errorMessage.fieldErrors.isEmpty)
        #expect(SignInError.throttled.errorMessage.title == "Too Many Tries")
        #expect(SignInError.throttled.errorMessage.message.contains("15 minutes"))
    }

    @Test func rideErrorsHaveTheirTitles() {
        #expect(RequestRideError.noRideOptionChosen.errorMessage.title == "Choose a Ride")
        #expect(RequestRideError.unknownRideOption.errorMessage.title == "Unknown Ride Option")
        #expect(RequestRideError.noDropoffChosen.errorMessage.title == "No Drop-off Chosen")
        #expect(RequestRideError.rideAlreadyRequested.errorMessage.title == "Ride Already Requested")
        #expect(SelectDropoffLocationError.unknownPlace.errorMessage.title == "Unknown Place")
        #expect(SelectDropoffLocationError.rideInProgress.errorMessage.title == "Ride On Its Way")
        #expect(CancelRideError.alreadyRiding.errorMessage.title == "Cancel Failed")
        #expect(LoadUserProfileError.accountGone.errorMessage.title == "Profile Not Found")
    }

    @Test func theMailedLinksSayWhatHappenedWithoutTellingWhoHasAnAccount() {
        #expect(
            RequestPasswordResetError.invalid([.email: .notAnEmailAddress]).errorMessage.fieldErrors == [
                "email": "Please enter an email address like name@example.com."
            ])
        #expect(ResetPasswordError.linkExpired.errorMessage.title == "Link Expired")
        #expect(
            ResetPasswordError.linkExpired.errorMessage.message == "This link has expired or has already been used.")
        #expect(
            ResetPasswordError.invalid([.newPassword: .tooShort(minimum: 8)]).errorMessage.fieldErrors == [
                "newPassword": "Passwords need at least 8 characters."
            ])
        #expect(SendEmailConfirmationError.throttled.errorMessage.title == "Too Many Emails")
        #expect(AccountLinkNotice.checkYourEmail.title == "Check Your Email")
        #expect(
            AccountLinkNotice.checkYourEmail.message
                == "If an account uses that email, we've sent it a link to reset the password.")
        #expect(AccountLinkNotice.confirmationSent(to: "a@b.co").message == "We've sent a link to a@b.co.")
    }
}

import KooberKit
import Testing

struct SignUpValidationTests {
    @Test func aCompleteAccountHasNoProblems() {
        #expect(SignUpValidation.problems(with: makeAccount()).isEmpty)
    }

    @Test(arguments: ["", "   ", "\t\n"])
    func aBlankFullNameIsRequired(name: String) {
        #expect(SignUpValidation.problems(with: makeAccount(name: name)) == ["name": "Please enter your full name."])
    }

    @Test(arguments: ["", "  "])
    func aBlankNicknameIsRequired(nickname: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(nickname: nickname))
                == ["nickname": "Please tell us what to call you."]
        )
    }

    @Test(arguments: ["", "   "])
    func aBlankEmailIsRequired(email: String) {
        #expect(SignUpValidation.problems(with: makeAccount(email: email)) == ["email": "Please enter your email."])
    }

    @Test(arguments: ["johnny", "johnny@gmail", "@gmail.com", "john ny@gmail.com", "johnny@gmail..com"])
    func anEmailThatIsNotAnEmailIsRefused(email: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(email: email))
                == ["email": "Please enter an email address like name@example.com."]
        )
    }

    @Test func anEmailWithSurroundingSpacesAndCapitalsIsAccepted() {
        #expect(SignUpValidation.problems(with: makeAccount(email: "  Johnny@Gmail.com  ")).isEmpty)
    }

    @Test(arguments: ["", "  "])
    func aBlankMobileNumberIsRequired(mobileNumber: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber))
                == ["mobileNumber": "Please enter your mobile number."]
        )
    }

    @Test(arguments: ["call me", "---", "+"])
    func aMobileNumberWithoutDigitsIsRefused(mobileNumber: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber))
                == ["mobileNumber": "A mobile number needs digits."]
        )
    }

    @Test(arguments: ["0", "(510) 736-8754", "+61 2 9999 0000"])
    func aMobileNumberWithADigitIsAccepted(mobileNumber: String) {
        #expect(SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber)).isEmpty)
    }

    @Test(arguments: ["½", "Ⅻ", "²"])
    func numberLikeSymbolsThatAreNotDigitsDoNotMakeAMobileNumber(mobileNumber: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber))
                == ["mobileNumber": "A mobile number needs digits."]
        )
    }

    @Test func anEmptyPasswordIsRequired() {
        #expect(SignUpValidation.problems(with: makeAccount(password: "")) == ["password": "Please choose a password."])
    }

    @Test(arguments: ["a", "1234567", "       ", "pässwör"])
    func aPasswordShorterThanEightCharactersIsRefused(password: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(password: password))
                == ["password": "Passwords need at least 8 characters."]
        )
    }

    @Test(arguments: ["12345678", "        ", "pässwörd", "🦘🦘🦘🦘🦘🦘🦘🦘"])
    func aPasswordOfEightCharactersIsLongEnough(password: String) {
        #expect(SignUpValidation.problems(with: makeAccount(password: password)).isEmpty)
    }

    @Test func everyFieldAtFaultIsReportedAtOnce() {
        let account = NewAccount(name: " ", nickname: "", email: "nope", mobileNumber: "none", password: "short")
        #expect(
            SignUpValidation.problems(with: account) == [
                "name": "Please enter your full name.",
                "nickname": "Please tell us what to call you.",
                "email": "Please enter an email address like name@example.com.",
                "mobileNumber": "A mobile number needs digits.",
                "password": "Passwords need at least 8 characters.",
            ]
        )
    }

    @Test func theFailureIsSignUpFailedWithTheFieldErrors() {
        let failure = SignUpValidation.failure(["email": SignUpValidation.emailTaken])
        #expect(failure.title == "Sign Up Failed")
        #expect(failure.message == "Please correct the fields marked below.")
        #expect(failure.fieldErrors == ["email": "This email is already registered. Try signing in instead."])
    }
}

import KooberKit
import Testing

struct SignUpValidationTests {
    @Test func aCompleteAccountHasNoProblems() {
        #expect(SignUpValidation.problems(with: makeAccount()).isEmpty)
    }

    @Test(arguments: ["", "   ", "\t\n"])
    func aBlankFullNameIsRequired(name: String) {
        #expect(SignUpValidation.problems(with: makeAccount(name: name)) == [.name: .missing])
    }

    @Test(arguments: ["", "  "])
    func aBlankNicknameIsRequired(nickname: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(nickname: nickname))
                == [.nickname: .missing]
        )
    }

    @Test(arguments: ["", "   "])
    func aBlankEmailIsRequired(email: String) {
        #expect(SignUpValidation.problems(with: makeAccount(email: email)) == [.email: .missing])
    }

    @Test(arguments: ["johnny", "johnny@gmail", "@gmail.com", "john ny@gmail.com", "johnny@gmail..com"])
    func anEmailThatIsNotAnEmailIsRefused(email: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(email: email))
                == [.email: .notAnEmailAddress]
        )
    }

    @Test func anEmailWithSurroundingSpacesAndCapitalsIsAccepted() {
        #expect(SignUpValidation.problems(with: makeAccount(email: "  Johnny@Gmail.com  ")).isEmpty)
    }

    @Test(arguments: ["", "  "])
    func aBlankMobileNumberIsRequired(mobileNumber: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber))
                == [.mobileNumber: .missing]
        )
    }

    @Test(arguments: ["call me", "---", "+"])
    func aMobileNumberWithoutDigitsIsRefused(mobileNumber: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(mobileNumber: mobileNumber))
                == [.mobileNumber: .noDigits]
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
                == [.mobileNumber: .noDigits]
        )
    }

    @Test func anEmptyPasswordIsRequired() {
        #expect(SignUpValidation.problems(with: makeAccount(password: "")) == [.password: .missing])
    }

    @Test(arguments: ["a", "1234567", "       ", "pässwör"])
    func aPasswordShorterThanEightCharactersIsRefused(password: String) {
        #expect(
            SignUpValidation.problems(with: makeAccount(password: password))
                == [.password: .tooShort(minimum: 8)]
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
                .name: .missing, .nickname: .missing, .email: .notAnEmailAddress, .mobileNumber: .noDigits,
                .password: .tooShort(minimum: 8),
            ]
        )
    }
}

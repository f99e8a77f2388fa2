import KooberKit
import Testing

struct EmailAddressTests {
    @Test func normalisingTrimsWhiteSpaceAndNewlinesAndLowerCases() {
        #expect(EmailAddress.normalize("  Johnny@Gmail.COM \n") == "johnny@gmail.com")
        #expect(EmailAddress.normalize("\tJOHNNY@GMAIL.COM") == "johnny@gmail.com")
    }

    @Test func normalisingKeepsSpacesInsideTheAddress() {
        #expect(EmailAddress.normalize(" John Ny@gmail.com ") == "john ny@gmail.com")
    }

    @Test func normalisingBlankTextGivesTheEmptyString() {
        #expect(EmailAddress.normalize(" \t\n ") == "")
    }

    @Test(arguments: [
        "johnny@gmail.com",
        "a@b.co",
        "first.last+tag@mail.example.com.au",
        "JOHNNY@GMAIL.COM",
    ])
    func plausibleAddressesAreValid(email: String) {
        #expect(EmailAddress.isValid(email))
    }

    @Test(arguments: [
        "",
        "johnny",
        "johnny@",
        "@gmail.com",
        "johnny@gmail",
        "johnny@gmail.",
        "johnny@.com",
        "johnny@gmail..com",
        "johnny@@gmail.com",
        "john@ny@gmail.com",
        "john ny@gmail.com",
        "johnny@gmail.com ",
        "johnny@gma\til.com",
    ])
    func implausibleAddressesAreInvalid(email: String) {
        #expect(!EmailAddress.isValid(email))
    }
}

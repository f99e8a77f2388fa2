import MailDelivery
import Testing

/// Addresses accepted and refused, and the `--mail-from` form.
@Suite struct MailAddressTests {
    @Test(arguments: [
        "", "a", "a@", "@b", "a@b@c", "a b@c", "a@b\r\n", "a\n@b", "a\u{0}@b", "<a@b>", "a\"@b", "a,b@c", "a;@b",
        "a(@b)", "a\\@b", "a@b\t", String(repeating: "l", count: 65) + "@b", "a@" + String(repeating: "d", count: 260),
    ])
    func refusesWhatIsNotOneAddress(text: String) {
        #expect(MailAddress(text) == nil)
    }

    @Test func acceptsAnAddressWithANameOfAnyKind() throws {
        let address = try #require(MailAddress("zoë@exämple.com", displayName: "Zoë\r\nBcc: x"))
        #expect(address.address == "zoë@exämple.com")
        #expect(address.displayName == "Zoë\r\nBcc: x")
        #expect(!address.isASCII)
        #expect(MailAddress("a@b", displayName: "")?.displayName == nil)
    }

    @Test func parsesTheMailFromFlag() {
        #expect(
            MailAddress(parsing: "Koober <no-reply@koober.localhost>")
                == MailAddress("no-reply@koober.localhost", displayName: "Koober"))
        #expect(MailAddress(parsing: " no-reply@koober.localhost ") == MailAddress("no-reply@koober.localhost"))
        #expect(MailAddress(parsing: "\"Koober, Inc\" <a@b.c>") == MailAddress("a@b.c", displayName: "Koober, Inc"))
        #expect(MailAddress(parsing: "<a@b.c>") == MailAddress("a@b.c"))
        #expect(MailAddress(parsing: "Koober <a b@c>") == nil)
        #expect(MailAddress(parsing: "Koober") == nil)
    }
}

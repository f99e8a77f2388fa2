import MailDelivery
import Testing

/// `--smtp` URLs: what is taken, with its defaults, and what is refused.
@Suite struct SMTPURLTests {
    @Test func readsHostPortCredentialsAndTLS() throws {
        let plain = try #require(SMTPURL("smtp://mail.example.com"))
        #expect(plain.host == "mail.example.com")
        #expect(plain.port == 25)
        #expect(plain.username == nil && plain.password == nil && !plain.implicitTLS)
        let full = try #require(SMTPURL("smtps://us%40er:p%3Ass%20word@127.0.0.1:2465/"))
        #expect(full.host == "127.0.0.1" && full.port == 2465 && full.implicitTLS)
        #expect(full.username == "us@er" && full.password == "p:ss word")
        #expect(SMTPURL("smtps://h")?.port == 465)
        #expect(SMTPURL("SMTP://[::1]:587")?.host == "::1")
        #expect(SMTPURL("smtp://user@h")?.password == "")
    }

    @Test(arguments: [
        "", "smtp://", "http://h", "smtp:/h", "smtp://h:0", "smtp://h:65536", "smtp://h:99999999999999999999",
        "smtp://h:", "smtp://h:-1", "smtp://h:+25", "smtp://h/path", "smtp://h?x=1", "smtp://:pw@h", "smtp://u:%zz@h",
        "smtp://%@h", "smtp://h h", "smtp://[::1", "smtp://[zz]:25", "smtp://h\r\n:25", "smtp://@h", "smtp://u:p@",
    ])
    func refusesWhatIsNotAnSMTPServer(text: String) {
        #expect(SMTPURL(text) == nil)
    }
}

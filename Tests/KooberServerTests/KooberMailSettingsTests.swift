import ArgumentParser
import MailDelivery
import Testing

@testable import KooberServer

/// The mail flags of SPEC.md's "Running it": each flag, else its environment variable, else the default; and what
/// the log says of where mail goes, never a password.
@Suite struct KooberMailSettingsTests {
    private func settings(_ arguments: [String], environment: [String: String] = [:]) throws -> KooberSettings {
        try KooberSettings(command: try KooberCommand.parse(arguments), environment: Environment { environment[$0] })
    }

    @Test func withoutARelayMailGoesToTheMailFolderWithLinksToWhereKooberListens() throws {
        let defaults = try settings(["--port", "9090"])
        #expect(defaults.smtpURL == nil)
        #expect(defaults.mailDirectory == "mail")
        #expect(defaults.mailFrom == MailAddress("no-reply@koober.localhost", displayName: "Koober"))
        #expect(defaults.publicURL == "http://127.0.0.1:9090")
        #expect(defaults.mailDestination.hasPrefix("Mail goes to /"))
        #expect(defaults.mailDestination.contains("/mail as .eml files"))
        #expect(try settings(["--hostname", "::1", "--port", "8080"]).publicURL == "http://[::1]:8080")
    }

    @Test func aRelayAndTheSenderComeFromFlagsOrTheEnvironment() throws {
        let fromEnvironment = try settings(
            [],
            environment: [
                "KOOBER_SMTP_URL": "smtp://apikey:s3cr%40t@smtp.example.com:587",
                "KOOBER_MAIL_FROM": "Koober Rides <rides@koober.example>",
                "KOOBER_PUBLIC_URL": "https://koober.example",
            ])
        #expect(fromEnvironment.smtpURL == SMTPURL("smtp://apikey:s3cr%40t@smtp.example.com:587"))
        #expect(fromEnvironment.smtpURL?.password == "s3cr@t")
        #expect(fromEnvironment.mailFrom == MailAddress("rides@koober.example", displayName: "Koober Rides"))
        #expect(fromEnvironment.publicURL == "https://koober.example")
        #expect(fromEnvironment.mailDestination.contains("smtp://smtp.example.com:587"))
        #expect(!fromEnvironment.mailDestination.contains("s3cr"))
        let fromFlags = try settings(
            ["--smtp-url", "smtps://relay.example", "--mail-dir", "/srv/mail"],
            environment: ["KOOBER_SMTP_URL": "smtp://other.example"])
        #expect(fromFlags.smtpURL?.implicitTLS == true)
        #expect(fromFlags.mailDirectory == "/srv/mail")
    }

    @Test(arguments: [
        ["--smtp-url", "http://relay.example"], ["--smtp-url", "smtp://"], ["--smtp-url", "smtp://relay:99999"],
        ["--mail-from", "not an address"], ["--mail-from", "a@b\r\nBcc: x@y"], ["--public-url", "ftp://koober"],
        ["--public-url", "koober.example"], ["--public-url", "https://koober.example/?x=1"],
    ])
    func aMailSettingThatIsNotOneIsRefused(arguments: [String]) {
        #expect(throws: ValidationError.self) { try settings(arguments) }
    }
}

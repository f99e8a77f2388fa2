import Foundation
import MailDelivery

/// How Koober's mail leaves (SPEC.md, "Running it"): where it goes (an SMTP relay, or `.eml` files in a folder), whom
/// it is from, and the address riders reach Koober at, for the links in it (never a request's `Host`).
public struct MailSettings: Sendable {
    public var transport: any MailTransport
    public var from: MailAddress
    /// `http://127.0.0.1:8080` or `https://koober.example`: no trailing slash.
    public var publicURL: String

    /// `--mail-from`'s default.
    public static let defaultFrom = "Koober <no-reply@koober.localhost>"

    public init(transport: any MailTransport, from: MailAddress, publicURL: String) {
        self.transport = transport
        self.from = from
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
    }
}

extension MailSettings {
    /// Mail into `folder` as `.eml` files, from `defaultFrom`: what `koober` does without `--smtp-url`.
    public static func folder(_ folder: String, publicURL: String) -> MailSettings {
        MailSettings(
            transport: MailDirectory(folder: URL(fileURLWithPath: folder)),
            // A constant that is an address.
            from: MailAddress("no-reply@koober.localhost", displayName: "Koober")!,
            publicURL: publicURL)
    }
}

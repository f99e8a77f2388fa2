import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// No mailed token rests in the database (issue 41): a whole flow, Sign Up's confirmation and Forgot Password's
/// reset, sent by the real sender to the mail folder, then the SQLite file and its WAL read byte for byte for every
/// token the mail carried, as text and as hex; and the links still work, as the rider follows them.
@Suite struct MailedTokensAtRestTests {
    /// The tokens of the links to `path` (`/email/confirm`, `/password/reset`) in the `.eml` files in `folder`.
    private func mailedTokens(to path: String, in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eml") }.flatMap {
            name -> [String] in
            let message = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            return Set(
                message.components(separatedBy: path + "?token=").dropFirst().map { rest in
                    String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                }
            ).sorted()
        }
    }

    /// The bytes of the database file and of its WAL, as they are on disk now.
    private func storedBytes(_ app: KooberTestApp) -> [Data] {
        [app.databasePath, app.databasePath + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
    }

    /// The forms a token could rest in: its text, and the hex of its text and of its bytes.
    private func spellings(of token: String) throws -> [Data] {
        let base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let padding = String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let bytes = try #require(Data(base64Encoded: base64 + padding))
        let hex = { (data: Data) in data.map { String(format: "%02x", $0) }.joined() }
        return [Data(token.utf8), Data(hex(Data(token.utf8)).utf8), Data(hex(bytes).utf8)]
            + [Data(hex(Data(token.utf8)).uppercased().utf8), Data(hex(bytes).uppercased().utf8)]
    }

    @Test func noTokenAMessageCarriedIsInTheDatabaseFileAndTheLinksStillWork() async throws {
        let app = try await KooberTestApp()
        let newRider = app.browser()
        try await newRider.signUp(.init())
        let johnny = app.browser()
        try await johnny.visit("/password/forgot")
        try johnny.fillIn("Email", with: "johnny@gmail.com")
        try await johnny.press("Send Reset Link")
        #expect(try await app.container.mailSender.runOnce() == 2)

        let confirmation = try #require(try mailedTokens(to: "/email/confirm", in: app.mailFolder).first)
        let reset = try #require(try mailedTokens(to: "/password/reset", in: app.mailFolder).first)
        let files = storedBytes(app)
        #expect(files.count == 2 && files.allSatisfy { !$0.isEmpty })
        for token in [confirmation, reset] {
            #expect(RandomToken.isWellFormed(token))
            for spelling in try spellings(of: token) {
                #expect(files.allSatisfy { $0.range(of: spelling) == nil }, "a mailed token rests in the file")
            }
        }

        try await newRider.visit("/email/confirm?token=\(confirmation)")
        #expect(try newRider.text(at: "//h1") == "Email Confirmed")
        try await johnny.visit("/password/reset?token=\(reset)")
        try johnny.fillIn("New Password", with: "kangaroo-jack")
        try await johnny.press("Reset Password")
        #expect(johnny.path == "/ride")
    }
}

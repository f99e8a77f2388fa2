import Foundation
import KooberKit
import Testing

/// Koober Ops' authenticator codes: RFC 4226's HOTP and RFC 6238's TOTP checked against the RFCs' own vectors, the
/// code a person types, the secret that never prints, and verification with one step of drift and no replay.
struct TOTPTests {
    /// The RFCs' secret, the ASCII of "12345678901234567890" (base32 `GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ`).
    static let secret = TOTPSecret(bytes: Array("12345678901234567890".utf8))!

    @Test func hotpMatchesRFC4226AppendixD() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        for (counter, code) in expected.enumerated() {
            #expect(TOTP.code(counter: UInt64(counter), secret: Self.secret) == code, "counter \(counter)")
        }
    }

    /// RFC 6238 Appendix B's SHA-1 rows: seconds since 1970 and the 8-digit code.
    static let rfc6238: [(Int64, String)] = [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ]

    @Test(arguments: rfc6238)
    func totpMatchesRFC6238AppendixBsSHA1Vectors(seconds: Int64, eightDigits: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(TOTP.code(at: date, secret: Self.secret, digits: 8) == eightDigits)
        #expect(TOTP.code(at: date, secret: Self.secret) == String(eightDigits.suffix(6)))
    }

    /// A random secret's codes as OATH Toolkit 2.6.7 gives them (`oathtool --totp -b [-d 8] SECRET -N @SECONDS`): a
    /// second implementation, on a key that is not the RFCs' ASCII.
    static let oathtool: [(Int64, String)] = [
        (0, "65735519"), (59, "76272059"), (1_111_111_111, "08049080"), (1_764_347_400, "80125847"),
        (1_764_347_429, "80125847"), (1_764_347_430, "86910479"), (4_102_444_800, "87753515"),
        (20_000_000_000, "84046484"),
    ]

    @Test(arguments: oathtool)
    func totpAgreesWithOathtool(seconds: Int64, eightDigits: String) throws {
        let secret = try #require(TOTPSecret(base32: "JUD3KUAAZOINLARUXEXM4OPJC7MJUOG6"))
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(TOTP.code(at: date, secret: secret, digits: 8) == eightDigits)
        #expect(TOTP.code(at: date, secret: secret) == String(eightDigits.suffix(6)))
    }

    @Test func stepsAreThirtySecondsFromTheEpochRoundedDown() {
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 0)) == 0)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: -0.0)) == 0)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 29.999)) == 0)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 30)) == 1)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 59)) == 1)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 1_111_111_111)) == 37_037_037)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 20_000_000_000)) == 666_666_666)
        #expect(TOTP.step(for: .distantFuture) != nil)
        #expect(TOTP.step(for: Date(timeIntervalSince1970: 9.2e18)) != nil)
    }

    @Test(arguments: [-0.001, -1, -30, -1e18, 0x1p63, 1e19, 1e300, .infinity, -.infinity, .nan] as [Double])
    func aDateBefore1970OrBeyondSixtyThreeBitsHasNoStep(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(TOTP.step(for: date) == nil)
        #expect(TOTP.code(at: date, secret: Self.secret) == nil)
        #expect(TOTP.matchingStep(for: TOTPCode(typed: "287082")!, secret: Self.secret, at: date, after: nil) == nil)
    }

    @Test(arguments: [
        ("123456", "123456"), ("123 456", "123456"), (" 123456 ", "123456"), ("1 2 3 4 5 6", "123456"),
        ("000000", "000000"), ("   098 765   ", "098765"),
    ])
    func aCodeIsSixASCIIDigitsWithSpacesTakenOut(text: String, value: String) {
        #expect(TOTPCode(typed: text)?.value == value)
    }

    @Test(arguments: [
        "", " ", "12345", "1234567", "123 4567", "12345a", "abcdef", "١٢٣٤٥٦", "۱۲۳۴۵۶", "１２３４５６", "1２3456",
        "123\t456", "123-456", "123_456", "+12345", "-12345", "123456\n", "\u{A0}123456", "123\u{2009}456",
        "1\u{301}23456", "123456\u{0}", "12.3456", "0x1234", "1e5000", String(repeating: "1", count: 10_000),
        String(repeating: " ", count: 40) + "123456", String(repeating: "١", count: 6_000),
    ])
    func anythingElseIsNoCode(text: String) {
        #expect(TOTPCode(typed: text) == nil, "\(text.debugDescription)")
    }

    static let now = Date(timeIntervalSince1970: 1_111_111_111 + 12)
    static let nowStep: Int64 = 37_037_037

    static func typed(atStep step: Int64) -> TOTPCode {
        TOTPCode(typed: TOTP.code(counter: UInt64(step), secret: secret))!
    }

    @Test func theCodeOfTheStepBeforeNowOrAfterIsAcceptedAndNamesItsStep() {
        for step in Self.nowStep - 1...Self.nowStep + 1 {
            let matched = TOTP.matchingStep(
                for: Self.typed(atStep: step), secret: Self.secret, at: Self.now, after: nil)
            #expect(matched == step)
        }
    }

    @Test func aCodeTwoStepsAwayIsRefused() {
        for step in [Self.nowStep - 3, Self.nowStep - 2, Self.nowStep + 2, Self.nowStep + 3] {
            #expect(
                TOTP.matchingStep(for: Self.typed(atStep: step), secret: Self.secret, at: Self.now, after: nil) == nil)
        }
    }

    @Test func aCodeOfAnotherSecretIsRefused() {
        let other = TOTPSecret(base32: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")!
        let code = TOTPCode(typed: TOTP.code(counter: UInt64(Self.nowStep), secret: other))!
        #expect(TOTP.matchingStep(for: code, secret: Self.secret, at: Self.now, after: nil) == nil)
    }

    @Test func aCodeIsAcceptedOnlyOnceAndNeverAfterALaterOne() {
        let code = Self.typed(atStep: Self.nowStep)
        let first = TOTP.matchingStep(for: code, secret: Self.secret, at: Self.now, after: Self.nowStep - 1)
        #expect(first == Self.nowStep)
        #expect(TOTP.matchingStep(for: code, secret: Self.secret, at: Self.now, after: first) == nil)
        let older = Self.typed(atStep: Self.nowStep - 1)
        #expect(TOTP.matchingStep(for: older, secret: Self.secret, at: Self.now, after: first) == nil)
        let later = Self.typed(atStep: Self.nowStep + 1)
        #expect(TOTP.matchingStep(for: later, secret: Self.secret, at: Self.now, after: first) == Self.nowStep + 1)
        #expect(TOTP.matchingStep(for: later, secret: Self.secret, at: Self.now, after: Self.nowStep + 1) == nil)
    }

    @Test func theFirstStepOf1970HasNoStepBeforeIt() {
        let epoch = Date(timeIntervalSince1970: 5)
        #expect(TOTP.matchingStep(for: Self.typed(atStep: 0), secret: Self.secret, at: epoch, after: nil) == 0)
        #expect(TOTP.matchingStep(for: Self.typed(atStep: 1), secret: Self.secret, at: epoch, after: nil) == 1)
    }

    @Test func aFreshSecretIsTwentyRandomBytesThatReadBackFromTheirBase32() throws {
        let secret = TOTPSecret.generate()
        #expect(secret.bytes.count == 20)
        #expect(secret.base32.utf8.count == 32)
        #expect(secret != TOTPSecret.generate())
        #expect(TOTPSecret(base32: secret.base32) == secret)
        let grouped = stride(from: 0, to: 32, by: 4).map { offset in
            String(secret.base32.lowercased().dropFirst(offset).prefix(4))
        }
        #expect(TOTPSecret(base32: grouped.joined(separator: " ")) == secret)
    }

    @Test(arguments: [
        "", "GEZDGNBVGY3TQOJQ", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGE", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ1",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ=", String(repeating: " ", count: 97) + "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
    ])
    func base32OfAnyOtherLengthOrAlphabetIsNoSecret(text: String) {
        #expect(TOTPSecret(base32: text) == nil)
        #expect(TOTPSecret(bytes: Array(repeating: 1, count: 19)) == nil)
        #expect(TOTPSecret(bytes: Array(repeating: 1, count: 21)) == nil)
    }

    @Test func aSecretNeverPrintsItself() {
        let secret = TOTPSecret.generate()
        var dumped = ""
        dump(secret, to: &dumped)
        let printed = [String(describing: secret), String(reflecting: secret), "\(secret)", dumped, "\([secret])"]
        for text in printed {
            #expect(!text.contains(secret.base32))
            #expect(!text.contains("\(secret.bytes)"))
            #expect(text.contains("TOTPSecret(redacted)"))
        }
    }

    @Test func theAuthenticatorURIPercentEncodesTheLabelAndValues() {
        let uri = Self.secret.authenticatorURI(account: "ops+alice@koober.example")
        #expect(
            uri == "otpauth://totp/Koober%20Ops:ops%2Balice%40koober.example"
                + "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Koober%20Ops&algorithm=SHA1&digits=6&period=30")
        let odd = Self.secret.authenticatorURI(account: "a:b&c=d é", issuer: "K?o#o")
        #expect(odd.hasPrefix("otpauth://totp/K%3Fo%23o:a%3Ab%26c%3Dd%20%C3%A9?secret="))
        #expect(odd.contains("&issuer=K%3Fo%23o&"))
    }
}

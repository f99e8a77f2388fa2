import KooberKit

/// Koober Ops' sign-in and enrolment text: the **Authenticator code** (`TOTPCode(typed:)`) and an authenticator
/// secret's base32 (`Base32.decode`, `TOTPSecret(base32:)`); anyone may post any bytes. Parsing never traps; a code is
/// accepted only as six ASCII digits with spaces, within `TOTPCode.maximumTextLength`; base32 is accepted only as the
/// alphabet in either case with spaces, and writes back as the same letters; the input's own bytes survive base32 both
/// ways; and a secret is read only within `TOTPSecret.maximumTextLength` and never prints its text.
public struct TOTPCodeFuzzTarget: FuzzTarget {
    public let name = "totp-code"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        let withoutSpaces = String(decoding: text.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self)
        if let code = TOTPCode(typed: text) {
            guard text.utf8.count <= TOTPCode.maximumTextLength, code.value == withoutSpaces,
                code.value.utf8.count == TOTPCode.length,
                code.value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else {
                throw FuzzFinding("\(text.debugDescription) was read as the code \(code.value.debugDescription)")
            }
        }
        if let bytes = Base32.decode(text) {
            guard Base32.encode(bytes) == withoutSpaces.uppercased() else {
                throw FuzzFinding("\(text.debugDescription) was read as \(bytes), which writes back otherwise")
            }
        }
        guard Base32.decode(Base32.encode(input)) == input else {
            throw FuzzFinding("\(input) does not survive base32 both ways")
        }
        if let secret = TOTPSecret(base32: text) {
            guard text.utf8.count <= TOTPSecret.maximumTextLength, secret.base32 == withoutSpaces.uppercased(),
                !"\(secret)".contains(secret.base32),
                !String(reflecting: secret).contains(secret.base32)
            else {
                throw FuzzFinding("\(text.debugDescription) was read as a secret that reads or prints otherwise")
            }
        }
    }
}

import KooberKit
import Testing

struct CSRFTokenTests {
    private let key = CSRFKey.generate()
    private let session = CSRFBinding.session(SessionToken.generate())

    @Test func aTokenVerifiesForTheBindingAndKeyItWasMadeFor() {
        let token = CSRFToken.make(for: session, key: key)
        #expect(CSRFToken.isValid(token, for: session, key: key))
    }

    @Test func everyTokenIsDifferentAndAllVerify() {
        let tokens = (0..<100).map { _ in CSRFToken.make(for: session, key: key) }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { CSRFToken.isValid($0, for: session, key: key) })
    }

    @Test func aTokenDoesNotVerifyForAnotherSessionAPreSessionOrAnotherKey() {
        let token = CSRFToken.make(for: session, key: key)
        #expect(!CSRFToken.isValid(token, for: .session(SessionToken.generate()), key: key))
        #expect(!CSRFToken.isValid(token, for: .preSession(RandomToken.generate()), key: key))
        #expect(!CSRFToken.isValid(token, for: session, key: .generate()))
    }

    @Test func aSessionIDAndAPreSessionIDWithTheSameTextAreKeptApart() {
        let id = RandomToken.generate()
        let token = CSRFToken.make(for: .preSession(id), key: key)
        #expect(!CSRFToken.isValid(token, for: .session(SessionToken(value: id)), key: key))
    }

    @Test func tamperedOrMalformedTokensAreRefused() {
        let token = CSRFToken.make(for: session, key: key)
        var otherNonce = Array(token.utf8)
        otherNonce[0] = otherNonce[0] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let malformed = [
            "", ".", String(token.dropLast()), token + "A", String(decoding: otherNonce, as: UTF8.self),
            token.replacingOccurrences(of: ".", with: "_"), String(token.reversed()), token.uppercased(),
            String(repeating: "é", count: token.count),
        ]
        for candidate in malformed where candidate != token {
            #expect(!CSRFToken.isValid(candidate, for: session, key: key), "\(candidate)")
        }
    }

    /// A token computed outside Swift (Python's hmac) for the fuzz corpus' `seed-post-signin`: the format is what
    /// the documentation says, and saved tokens stay valid.
    @Test func aTokenComputedElsewhereFromTheDocumentedFormatVerifies() throws {
        let key = try #require(CSRFKey(bytes: Array(repeating: 0x4B, count: 32)))
        let token = "AAAAAAAAAAAAAAAAAAAAAA.PypzMvJxnJu0g91wtdjEK7raoURrfCcVT26QvKpHPfs"
        #expect(CSRFToken.isValid(token, for: .preSession(String(repeating: "A", count: 43)), key: key))
    }

    @Test func aKeyIs32BytesAndNothingElseIsAccepted() {
        #expect(CSRFKey.generate().bytes.count == 32)
        #expect(CSRFKey(bytes: Array(repeating: 7, count: 31)) == nil)
        #expect(CSRFKey(bytes: Array(repeating: 7, count: 32)) != nil)
    }
}

import Foundation
import KooberKit
import Testing

struct SessionTokenTests {
    private static let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func aGeneratedTokenIs43Base64URLCharactersWithoutPadding() {
        let token = SessionToken.generate()
        #expect(token.value.count == 43)
        #expect(token.value.allSatisfy { Self.base64URLAlphabet.contains($0) })
    }

    @Test func aGeneratedTokenDecodesTo256Bits() throws {
        let value = SessionToken.generate().value
        let base64 = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        let bytes = try #require(Data(base64Encoded: base64))
        #expect(bytes.count == 32)
    }

    @Test func twoGeneratedTokensDiffer() {
        #expect(SessionToken.generate() != SessionToken.generate())
    }

    @Test func theHashIsTheSHA256OfTheTokenTextInLowerCaseHex() {
        // Known vectors (FIPS 180-2 for "abc"; `printf … | sha256sum` for the others).
        #expect(
            SessionToken(value: "abc").hash.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(SessionToken(value: "").hash.hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SessionToken(value: "q8s1xZ0n3Ww7kTgGpY-2aL_dVbE5rJcH9fUoMiNtK4e").hash.hex
                == "61eccf3edb10bc348c55229e5c7a297dd66e6a172f97bd81ab71385cac71b7b4"
        )
    }

    @Test func theHashIsOfTheTextNotOfTheDecodedBytes() {
        // SHA-256 of the 32 bytes this text encodes: what a hash of the decoded token would be.
        #expect(
            SessionToken(value: "q8s1xZ0n3Ww7kTgGpY-2aL_dVbE5rJcH9fUoMiNtK4e").hash.hex
                != "b512b0381212093d5793e0b6c9874e125d6a153a1af1d637859566871c6782ce"
        )
    }

    @Test func theHashIsStableAndDiffersBetweenTokens() {
        let token = SessionToken.generate()
        #expect(token.hash == SessionToken(value: token.value).hash)
        #expect(token.hash != SessionToken.generate().hash)
        #expect(token.hash.description == token.hash.hex)
    }

    @Test func theHashDoesNotContainTheToken() {
        let token = SessionToken.generate()
        #expect(!token.hash.hex.contains(token.value))
        #expect(token.hash.hex.count == 64)
    }
}

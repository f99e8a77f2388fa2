import KooberKit
import Testing

struct RandomTokenTests {
    @Test func aThousandTokensAreAllDifferent() {
        let tokens = (0..<1_000).map { _ in RandomToken.generate() }
        #expect(Set(tokens).count == 1_000)
    }

    @Test func everyTokenIs43CharactersLong() {
        let lengths = Set((0..<200).map { _ in RandomToken.generate().count })
        #expect(lengths == [43])
    }

    @Test func tokensUseTheWholeURLSafeAlphabetAndNothingElse() {
        // 1,000 tokens are 42,000 characters of 6 random bits each: every one of the 64 symbols shows up.
        let seen = Set((0..<1_000).flatMap { _ in RandomToken.generate().dropLast() })
        #expect(seen == Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
    }
}

import CArgon2
import Foundation
import KooberArgon2
import KooberKit
import Testing

struct Argon2PasswordHasherTests {
    private let hasher = Argon2PasswordHasher()

    @Test func aHashIsAnArgon2idPHCStringWithOWASPParameters() async throws {
        let hash = try await hasher.hash("password")

        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
    }

    @Test func aHashCarriesA16ByteSaltAndA32ByteDigestInUnpaddedBase64() async throws {
        let hash = try await hasher.hash("password")

        let fields = hash.split(separator: "$", omittingEmptySubsequences: false)
        try #require(fields.count == 6)
        #expect(fields[0].isEmpty)
        #expect(fields[4].count == 22)  // ⌈16 × 4 / 3⌉
        #expect(fields[5].count == 43)  // ⌈32 × 4 / 3⌉
        #expect(!fields[4].contains("=") && !fields[5].contains("="))
        #expect(!hash.contains("password"))
    }

    @Test func aStandInHashIsAWellFormedHashWithTheSameParametersThatNoPasswordMatches() async throws {
        let real = try await hasher.hash("password")
        let standIn = hasher.standInHash()
        let realFields = real.split(separator: "$", omittingEmptySubsequences: false)
        let fields = standIn.split(separator: "$", omittingEmptySubsequences: false)
        #expect(fields.count == 6)
        #expect(fields.prefix(4) == realFields.prefix(4))
        #expect(fields.map(\.count) == realFields.map(\.count))
        #expect(hasher.standInHash() != standIn)
        // argon2 decodes it and computes the digest in full, which then does not match (a malformed hash would be
        // refused before any work: ARGON2_DECODING_FAIL).
        for password in ["password", "", "stand-in"] {
            let bytes = Array(password.utf8)
            #expect(argon2id_verify(standIn, bytes, bytes.count) == ARGON2_VERIFY_MISMATCH.rawValue)
        }
        #expect(try await !hasher.verify("password", against: standIn))
    }

    @Test func theRightPasswordVerifies() async throws {
        let hash = try await hasher.hash("correct horse battery staple")

        #expect(try await hasher.verify("correct horse battery staple", against: hash))
    }

    @Test(arguments: [
        "Correct horse battery staple", "correct horse battery stapl", "correct horse battery staple ", "",
    ])
    func aWrongPasswordDoesNotVerify(wrong: String) async throws {
        let hash = try await hasher.hash("correct horse battery staple")

        #expect(try await !hasher.verify(wrong, against: hash))
    }

    @Test(arguments: [
        "",
        "not a hash",
        "$argon2id$",
        "$argon2id$v=19$m=19456,t=2,p=1$",
        "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$!!!!",
        "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
    ])
    func aMalformedHashVerifiesNothing(hash: String) async throws {
        #expect(try await !hasher.verify("password", against: hash))
        #expect(try await !hasher.verify("", against: hash))
    }

    @Test func aTamperedHashNoLongerVerifies() async throws {
        let hash = try await hasher.hash("password")
        var fields = hash.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        try #require(fields.count == 6)
        // Change the digest's first character (six whole bits of the digest, unlike its last one).
        let first = try #require(fields[5].first)
        fields[5] = (first == "A" ? "B" : "A") + fields[5].dropFirst()
        let tampered = fields.joined(separator: "$")

        #expect(try await !hasher.verify("password", against: tampered))
    }

    @Test func anArgon2iHashOfThePasswordIsNotAcceptedAsArgon2id() async throws {
        let hash = try await hasher.hash("password")
        let argon2i = hash.replacingOccurrences(of: "$argon2id$", with: "$argon2i$")

        #expect(try await !hasher.verify("password", against: argon2i))
    }

    @Test func twoHashesOfOnePasswordDifferAndBothVerify() async throws {
        let first = try await hasher.hash("password")
        let second = try await hasher.hash("password")

        #expect(first != second)
        #expect(first.split(separator: "$")[3] != second.split(separator: "$")[3])  // the salts
        #expect(try await hasher.verify("password", against: first))
        #expect(try await hasher.verify("password", against: second))
    }

    @Test(arguments: ["pässwörd", "Kängurú 🦘 ride", "пароль-парол", "パスワードです", "e\u{301}te\u{301}"])
    func nonASCIIPasswordsRoundTrip(password: String) async throws {
        let hash = try await hasher.hash(password)

        #expect(try await hasher.verify(password, against: hash))
        #expect(try await !hasher.verify(password + "x", against: hash))
    }

    @Test func passwordsAreComparedAsTheirUTF8BytesWithoutUnicodeNormalisation() async throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are equal Swift strings but different bytes.
        let hash = try await hasher.hash("caf\u{E9}-password")

        #expect(try await hasher.verify("caf\u{E9}-password", against: hash))
        #expect(try await !hasher.verify("cafe\u{301}-password", against: hash))
    }

    @Test func anEmptyPasswordHashesAndVerifiesOnlyItself() async throws {
        let hash = try await hasher.hash("")

        #expect(try await hasher.verify("", against: hash))
        #expect(try await !hasher.verify(" ", against: hash))
    }

    @Test func aLongPasswordRoundTrips() async throws {
        let password = String(repeating: "wallaroo ", count: 500)
        let hash = try await hasher.hash(password)

        #expect(try await hasher.verify(password, against: hash))
        #expect(try await !hasher.verify(String(password.dropLast()), against: hash))
    }

    @Test func customParametersAppearInTheHash() async throws {
        var parameters = Argon2PasswordHasher.Parameters()
        parameters.memoryKiB = 8 * 1024
        parameters.iterations = 1
        let hasher = Argon2PasswordHasher(parameters: parameters, threads: 1)

        let hash = try await hasher.hash("password")

        #expect(hash.hasPrefix("$argon2id$v=19$m=8192,t=1,p=1$"))
        #expect(try await hasher.verify("password", against: hash))
    }

    @Test func impossibleParametersThrowInsteadOfReturningAHash() async throws {
        var parameters = Argon2PasswordHasher.Parameters()
        parameters.iterations = 0
        let hasher = Argon2PasswordHasher(parameters: parameters, threads: 1)

        await #expect(throws: Argon2PasswordHasher.HashError.self) {
            try await hasher.hash("password")
        }
    }
}

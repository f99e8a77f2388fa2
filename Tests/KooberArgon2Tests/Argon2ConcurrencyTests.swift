import KooberArgon2
import Testing

struct Argon2ConcurrencyTests {
    @Test func eightConcurrentHashesAllSucceedAndVerify() async throws {
        let hasher = Argon2PasswordHasher()

        let hashes = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let password = "password \(index)"
                    return (password, try await hasher.hash(password))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }

        #expect(hashes.count == 8)
        #expect(Set(hashes.values).count == 8)
        for (password, hash) in hashes {
            #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
            #expect(try await hasher.verify(password, against: hash))
        }
    }

    @Test func concurrentVerificationsOfRightAndWrongPasswordsAnswerEachCorrectly() async throws {
        let hasher = Argon2PasswordHasher()
        let hash = try await hasher.hash("password")

        let answers = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<8 {
                group.addTask {
                    (
                        index,
                        try await hasher.verify(index.isMultiple(of: 2) ? "password" : "wrong \(index)", against: hash)
                    )
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }

        #expect(answers == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, $0.isMultiple(of: 2)) }))
    }

    @Test func aSingleThreadedHasherStillServesManyCallersInTurn() async throws {
        let hasher = Argon2PasswordHasher(threads: 1)

        let verified = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<4 {
                group.addTask {
                    let hash = try await hasher.hash("password \(index)")
                    return try await hasher.verify("password \(index)", against: hash)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(verified == [true, true, true, true])
    }
}

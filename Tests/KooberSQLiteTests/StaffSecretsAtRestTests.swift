import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// No Koober Ops secret rests in the SQLite file in a usable form (docs/security.md, "Koober Ops' secrets"): the
/// authenticator secret is sealed under a key kept in a file of its own, and tokens are kept as their SHA-256.
struct StaffSecretsAtRestTests {
    /// The forms a secret's bytes could rest in: the bytes, their hex in either case, and the base32 text in either
    /// case.
    private func spellings(of bytes: [UInt8]) -> [Data] {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let base32 = Base32.encode(bytes)
        return [
            Data(bytes), Data(hex.utf8), Data(hex.uppercased().utf8), Data(base32.utf8), Data(base32.lowercased().utf8),
        ]
    }

    @Test func neitherTheAuthenticatorSecretNorTheKeyNorATokenIsInTheDatabaseFile() async throws {
        try await withTemporaryDatabase { database, path in
            let keyPath = path + ".staff-key"
            let sealer = try StaffKeyFile.sealer(at: keyPath, createIfMissing: true)
            let staff = SQLiteStaffRepository(database: database)
            let enrolmentToken = StaffEnrolmentToken.generate()
            let added = try await staff.add(
                NewStaffMember(
                    email: "ana@koober.example", name: "Ana Lima", role: .admin, token: enrolmentToken,
                    now: referenceTime))
            let secret = TOTPSecret.generate()
            let sealed = try sealer.seal(secret, for: added.id)
            #expect(
                try await staff.enrol(
                    StaffEnrolment(
                        staffID: added.id, tokenHash: enrolmentToken.hash, passwordHash: "$argon2id$stand-in",
                        sealedSecret: sealed, now: referenceTime)))
            let sessionToken = StaffSessionToken.generate()
            try await staff.createSession(tokenHash: sessionToken.hash, staffID: added.id, now: referenceTime)

            let stored = try #require(try await staff.credentials(forEmail: "ana@koober.example"))
            #expect(try sealer.open(stored.sealedSecret, for: added.id) == secret)

            let keyText = try String(contentsOfFile: keyPath, encoding: .utf8)
            let key = try #require(Data(base64Encoded: keyText.trimmingCharacters(in: .whitespacesAndNewlines)))
            let files = [path, path + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
            #expect(!files.isEmpty)
            let secrets = [secret.bytes, Array(key), Array(enrolmentToken.value.utf8), Array(sessionToken.value.utf8)]
            for spelling in secrets.flatMap(spellings(of:)) {
                #expect(files.allSatisfy { $0.range(of: spelling) == nil }, "a staff secret rests in the file")
            }
            // What is there is what was sealed: the row holds the sealed bytes, and the tokens' hashes.
            #expect(files.contains { $0.range(of: Data(sealed.bytes)) != nil })
        }
    }

    @Test func theKeyFileIsMadeOnceForItsOwnerAloneAndRefusedWhenOpenToOthers() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite.staff-key").path
            let made = try StaffKeyFile.sealer(at: path, createIfMissing: true)
            #expect(StaffKeyFile.permissions(of: path) == 0o600)
            let again = try StaffKeyFile.sealer(at: path, createIfMissing: true)
            let secret = TOTPSecret.generate()
            #expect(try again.open(try made.seal(secret, for: StaffID(1)), for: StaffID(1)) == secret)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["koober.sqlite.staff-key"])

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            #expect(throws: StaffKeyFileError.tooOpen(path, mode: 0o644)) {
                _ = try StaffKeyFile.sealer(at: path, createIfMissing: true)
            }
            try "not a key\n".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            #expect(throws: StaffKeyFileError.notAKey(path)) {
                _ = try StaffKeyFile.sealer(at: path, createIfMissing: false)
            }
            let missing = directory.appendingPathComponent("elsewhere.key").path
            #expect(throws: StaffKeyFileError.missing(missing)) {
                _ = try StaffKeyFile.sealer(at: missing, createIfMissing: false)
            }
        }
    }
}

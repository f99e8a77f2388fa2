import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// `koober staff add|list|remove`, run as an operator runs them: the real binary on an SQLite file in a folder of its
/// own, its output, its errors and its exit codes (0 done, 1 refused, 64 an argument not valid).
@Suite struct StaffCommandTests {
    private func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = try KooberProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    private func staff(_ arguments: [String], in folder: URL) async throws -> KooberRun {
        try await KooberRun.run(["staff"] + arguments, in: folder)
    }

    /// The token of the one line `staff add` printed, checked to be the link asked for.
    private func enrolmentToken(of run: KooberRun, publicURL: String) throws -> StaffEnrolmentToken {
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 1, "\(run.output)")
        let prefix = publicURL + "/ops/enrol?token="
        try #require(lines[0].hasPrefix(prefix), "\(lines[0])")
        return try #require(StaffEnrolmentToken(wellFormed: String(lines[0].dropFirst(prefix.count))))
    }

    @Test func addPrintsALinkThatEnrolsListShowsTheStaffAndRemoveEndsThem() async throws {
        try await withFolder { folder in
            let added = try await staff(
                [
                    "add", " Ana@Koober.Example", "--name", "Ana Lima", "--role", "admin",
                    "--public-url", "https://ops.koober.example/",
                ], in: folder)
            #expect(added.status == 0, "\(added.errors)")
            let token = try enrolmentToken(of: added, publicURL: "https://ops.koober.example")
            #expect(added.errors.contains("Created the staff key file"))
            let keyPath = folder.appendingPathComponent("koober.sqlite.staff-key").path
            #expect(StaffKeyFile.permissions(of: keyPath) == 0o600)

            let bea = try await staff(["add", "bea@koober.example", "--name", "Bea", "--role", "fleet"], in: folder)
            #expect(bea.status == 0 && !bea.errors.contains("Created the staff key file"), "\(bea.errors)")
            #expect(try enrolmentToken(of: bea, publicURL: "http://127.0.0.1:8080").value != token.value)

            let list = try await staff(["list"], in: folder)
            #expect(list.status == 0, "\(list.errors)")
            let rows = list.output.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true)
            }
            #expect(rows.count == 3)
            #expect(rows.first == ["EMAIL", "NAME", "ROLE", "ENROLLED", "LAST", "SIGN-IN"])
            #expect(rows.dropFirst().first == ["ana@koober.example", "Ana", "Lima", "admin", "no", "never"])
            #expect(rows.last == ["bea@koober.example", "Bea", "fleet", "no", "never"])

            // The link printed is the one stored (by its hash), valid now.
            let database = try await SQLiteDatabase.open(path: folder.appendingPathComponent("koober.sqlite").path)
            let member = try await SQLiteStaffRepository(database: database).enrolment(
                tokenHash: token.hash, at: Date())
            try await database.close()
            #expect(member?.email == "ana@koober.example" && member?.role == .admin)

            let removed = try await staff(["remove", "ANA@koober.example"], in: folder)
            #expect(removed.status == 0 && removed.output.isEmpty, "\(removed.errors)")
            #expect(removed.errors.contains("Removed ana@koober.example"))
            #expect(try await staff(["list"], in: folder).output.split(separator: "\n").count == 2)
            let again = try await staff(["remove", "ana@koober.example"], in: folder)
            #expect(again.status == 1 && again.errors.contains("No staff member has the email ana@koober.example"))
        }
    }

    static let invalidArguments: [([String], String)] = [
        (["add", "ana", "--name", "Ana", "--role", "admin"], "'ana' is not an email address"),
        (["add", String(repeating: "a", count: 250) + "@k.au", "--name", "Ana", "--role", "admin"], "254 bytes"),
        (["add", "ana@koober.example", "--name", " ", "--role", "admin"], "The name is missing"),
        (
            ["add", "ana@koober.example", "--name", String(repeating: "n", count: 101), "--role", "admin"],
            "100 characters"
        ),
        (["add", "ana@koober.example", "--name", "Ana\u{1B}[2J", "--role", "admin"], "control characters"),
        (["add", "ana@koober.example", "--name", "Ana", "--role", "root"], "'root'"),
        (["add", "ana@koober.example", "--name", "Ana"], "--role"),
        (["remove", "not an email"], "is not an email address"),
    ]

    @Test(arguments: invalidArguments)
    func anInvalidArgumentIsAUsageErrorAndWritesNothing(arguments: [String], message: String) async throws {
        try await withFolder { folder in
            let run = try await staff(arguments, in: folder)
            #expect(run.status == 64, "\(run.errors)")
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(run.output.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("koober.sqlite").path))
        }
    }

    @Test func anEnrolledMemberIsRefusedWithExitCodeOne() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("koober.sqlite").path
            let added = try await staff(
                ["add", "ana@koober.example", "--name", "Ana", "--role", "support"], in: folder)
            let token = try enrolmentToken(of: added, publicURL: "http://127.0.0.1:8080")
            let database = try await SQLiteDatabase.open(path: path)
            let repository = SQLiteStaffRepository(database: database)
            let member = try #require(try await repository.enrolment(tokenHash: token.hash, at: Date()))
            let enrolled = try await repository.enrol(
                StaffEnrolment(
                    staffID: member.id, tokenHash: token.hash, passwordHash: "hash",
                    sealedSecret: SealedTOTPSecret(bytes: [1]), now: Date()))
            try await database.close()
            #expect(enrolled)

            let again = try await staff(["add", "ana@koober.example", "--name", "Ana", "--role", "admin"], in: folder)
            #expect(again.status == 1 && again.output.isEmpty)
            #expect(again.errors.contains("ana@koober.example is an enrolled staff member"), "\(again.errors)")
            #expect(try await staff(["list"], in: folder).output.contains("support  yes"))
        }
    }

    @Test func postgreSQLNeedsTheStaffKeyFileNamed() async throws {
        try await withFolder { folder in
            let run = try await staff(
                [
                    "add", "ana@koober.example", "--name", "Ana", "--role", "admin", "--database",
                    "postgres://koober@127.0.0.1:1/koober",
                ], in: folder)
            #expect(run.status == 1 && run.output.isEmpty)
            #expect(run.errors.contains("--staff-key-file"), "\(run.errors)")
        }
    }

    @Test func aKeyFileOthersMayReadIsRefused() async throws {
        try await withFolder { folder in
            let key = folder.appendingPathComponent("staff.key").path
            try (Data(repeating: 7, count: 32).base64EncodedString() + "\n").write(
                toFile: key, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
            let run = try await staff(
                ["add", "ana@koober.example", "--name", "Ana", "--role", "admin", "--staff-key-file", key], in: folder)
            #expect(run.status == 1 && run.output.isEmpty)
            #expect(run.errors.contains("chmod 600"), "\(run.errors)")

            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
            let named = try await KooberRun.run(
                ["staff", "add", "ana@koober.example", "--name", "Ana", "--role", "admin"], in: folder,
                environment: ["KOOBER_STAFF_KEY_FILE": key])
            #expect(named.status == 0 && !named.errors.contains("Created"), "\(named.errors)")
        }
    }
}

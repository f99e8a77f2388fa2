import Foundation
import MailDelivery
import Testing

/// `.eml` files in a folder: one per message, readable by Python's `email`, named so they sort by date, written whole.
@Suite struct MailDirectoryTests {
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString)/outbox")
    }

    @Test func writesEachMessageAsAFileThatSortsByDate() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let messages = [
            MailFixtures.message(subject: "second", id: "b/../x@k.localhost", date: MailFixtures.date + 60),
            MailFixtures.message(subject: "first", id: "z@k.localhost", date: MailFixtures.date),
            MailFixtures.message(subject: "third", id: "a@k.localhost", date: MailFixtures.date + 86_400 * 40),
        ]
        #expect(await MailDirectory(folder: folder).send(messages) == [.delivered, .delivered, .delivered])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            names == [
                "20261126T204728Z-z@k.localhost.eml", "20261126T204828Z-b_.._x@k.localhost.eml",
                "20270105T204728Z-a@k.localhost.eml",
            ])
        var subjects: [String?] = []
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let parsed = try await ParsedMail.parse(bytes)
            #expect(parsed.headerNames == MailFixtures.headerNames)
            #expect(parsed.plainText == MailFixtures.text)
            #expect(String(decoding: bytes, as: UTF8.self).contains(MailFixtures.resetLink + "\r\n"), "copied as is")
            subjects.append(parsed.header("Subject"))
        }
        #expect(subjects == ["first", "second", "third"])
    }

    @Test func aFolderThatCannotBeWrittenIsRetryLater() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let results = await MailDirectory(folder: file.appendingPathComponent("outbox")).send([MailFixtures.message()])
        guard case .retryLater = results.first else {
            Issue.record("expected retryLater, got \(results)")
            return
        }
    }
}

import Foundation
import KooberFuzzTargets
import TestKit
import Testing

/// Every input saved under `Fuzz/Corpus/<target>/` (the seeds, and each crash the fuzzer found, kept after its fix)
/// goes through its target's checks in the normal test suite, so a fixed crash cannot come back unnoticed.
@Suite struct FuzzCorpusTests {
    static let corpus = ProjectPaths.root + "/Fuzz/Corpus"

    static func inputs(of target: String) throws -> [URL] {
        let folder = URL(fileURLWithPath: corpus).appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func everySavedInputPassesItsTargetsChecks(target: String) async throws {
        let fuzzTarget = try #require(FuzzTargets.named(target))
        let inputs = try Self.inputs(of: target)
        #expect(inputs.count >= 5, "seed the \(target) corpus")
        for input in inputs {
            let bytes = Array(try Data(contentsOf: input))
            await #expect(throws: Never.self, "\(target)/\(input.lastPathComponent)") {
                try await onOwnThread { try fuzzTarget.check(bytes) }
            }
        }
    }

    @Test func thereIsATargetForEachParserOfTheRequestPath() {
        #expect(
            Set(FuzzTargets.all.map(\.name)) == [
                "http", "form", "cookie", "static-path", "place-search", "http-date", "client-address", "form-token",
                "last-event-id", "map-tile-path", "ride-history-cursor", "cloud", "smtp-reply", "mail-header",
                "tip-amount", "share-token", "saved-place-label", "pickup-time", "route-path",
                "totp-code", "qr-code", "report-list-cursor", "refund-amount", "accept-language",
            ])
        #expect(FuzzTargets.named("no-such-target") == nil)
    }

    @Test func scriptsFuzzRunsEveryTargetByDefault() throws {
        let script = try String(contentsOfFile: ProjectPaths.root + "/scripts/fuzz", encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.contains("|| targets=(") })
        let list = try #require(line.split(separator: "(").last).dropLast()
        #expect(Set(list.split(separator: " ").map(String.init)) == Set(FuzzTargets.all.map(\.name)))
    }
}

import Foundation
import TestKit
import Testing

/// The tests start programs only through `SpawnedProcess`: Foundation's `Process.run()` on this toolchain can kill the
/// whole test process (swift-corelibs-foundation #5472; see `SpawnedProcess`).
@Suite struct SpawnedProcessTests {
    @Test func noTestStartsAProgramWithFoundationsProcess() throws {
        let tests = URL(fileURLWithPath: ProjectPaths.root + "/Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100)
        let construction = /\bProcess\(\)/
        let users = try files.filter { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .contains { $0.contains(construction) && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
        #expect(users.map(\.lastPathComponent) == [])
    }

    @Test func aPipedProgramsOutputAndExitStatusAreRead() async throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString).txt")
        try Data("first\nsecond\n".utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = try SpawnedProcess(
            executable: "/bin/sh", arguments: ["-c", "head -n 1; echo \"$GREETING\"; exit 3"],
            environment: ["GREETING": "hello", "PATH": "/usr/bin:/bin"], input: input.path, output: .pipe)
        let output = try await onOwnThread { process.readOutputToEnd() }
        try await onOwnThread { process.waitUntilExit() }
        #expect(String(decoding: output, as: UTF8.self) == "first\nhello\n")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
    }

    @Test func aSignalledProgramEndsByItsSignal() async throws {
        let process = try SpawnedProcess(executable: "/bin/sleep", arguments: ["600"])
        #expect(process.isRunning)
        process.terminate()
        try await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
    }
}

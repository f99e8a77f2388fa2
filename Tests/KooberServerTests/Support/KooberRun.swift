import Foundation
import TestKit

/// One run of the real `koober` binary that ends by itself (`koober staff …`): its exit status and what it wrote.
struct KooberRun: Sendable {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `koober` with `arguments` in `directory`, with none of the test's own `KOOBER_…` variables (`environment`
    /// gives the run's), and waits for it to end, off the cooperative pool.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws
        -> KooberRun
    {
        // What it writes is kept outside `directory`, which the tests read as the deployment's folder.
        let name = UUID().uuidString
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("koober-run-\(name).out")
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("koober-run-\(name).err")
        let process = try SpawnedProcess(
            executable: KooberProcess.binary.path, arguments: arguments, directory: directory.path,
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("KOOBER_") }
                .merging(environment) { $1 },
            output: .file(outputFile.path), errors: .file(errorFile.path))
        try await onOwnThread { process.waitUntilExit() }
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        return KooberRun(
            status: process.terminationStatus,
            output: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }
}

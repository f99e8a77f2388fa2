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
        try await onOwnThread {
            let process = Process()
            process.executableURL = KooberProcess.binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("KOOBER_") }
                .merging(environment) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // Both are a few lines: neither pipe fills while the other is read.
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return KooberRun(
                status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                errors: String(decoding: errorData, as: UTF8.self))
        }
    }
}

import Foundation
import KooberTestSupport
import Testing

/// The `koober` executable as an operator runs it: started, used, stopped with a signal.
@Suite struct KooberProcessTests {
    /// The `koober` binary SwiftPM built beside this test bundle.
    static let binary: URL = {
        let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBundle.deletingLastPathComponent().appendingPathComponent("koober")
    }()

    private func launch(_ arguments: [String], in directory: URL) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    /// Reads the log until the server says where it listens.
    private func servingPort(_ output: Pipe) throws -> Int {
        var log = ""
        while let line = String(data: output.fileHandleForReading.availableData, encoding: .utf8), !line.isEmpty {
            log += line
            // Up to the end of the line: a read may stop in the middle of the port number.
            if let range = log.range(of: #"serving on http://127\.0\.0\.1:\d+\n"#, options: .regularExpression) {
                return Int(log[range].dropLast().split(separator: ":").last!)!
            }
        }
        Issue.record("koober exited before serving: \(log)")
        return 0
    }

    @Test func kooberServesSeedsTheDemoAccountAndStopsCleanlyOnSIGINT() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build koober first")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("koober-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (process, output) = try launch(
            ["--port", "0", "--templates", ProjectPaths.templates, "--public", ProjectPaths.publicFiles], in: directory
        )
        let port = try servingPort(output)

        let browser = TestBrowser(host: "127.0.0.1", port: port)
        try await browser.visit("/healthz")
        #expect(browser.bodyText == "ok")
        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.path == "/ride")

        process.interrupt()  // SIGINT, as Ctrl-C sends
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("koober.sqlite").path))
    }

    @Test func aMissingTemplateStopsStartUpWithAMessageNamingIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build koober first")
        let directory = FileManager.default.temporaryDirectory
        let (process, output) = try launch(
            ["--port", "0", "--templates", "/nonexistent/templates", "--public", ProjectPaths.publicFiles], in: directory
        )
        process.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(log.contains("/nonexistent/templates/layout.mustache is missing"))
    }
}

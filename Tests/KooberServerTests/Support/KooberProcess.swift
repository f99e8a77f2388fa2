import Foundation
import TestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `koober` binary, run as an operator runs it: its own process, a database file, a log file.
///
/// Its log goes to a file, not a pipe: a pipe nobody reads fills up, and then every access-log line would block the
/// server — a test that loads the server must not throttle it that way.
final class KooberProcess: @unchecked Sendable {
    /// The `koober` binary named by `KOOBER_BINARY` (scripts/hardening passes the release build, as deployed), else
    /// the one SwiftPM built beside this test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["KOOBER_BINARY"] { return URL(fileURLWithPath: path) }
        let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBundle.deletingLastPathComponent().appendingPathComponent("koober")
    }()

    let process: SpawnedProcess
    let logFile: URL

    /// Starts `koober` in `directory` with `arguments` (the project's templates and public files unless given).
    init(_ arguments: [String], in directory: URL) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build koober first")
        logFile = directory.appendingPathComponent("koober-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let defaults = [("--templates", ProjectPaths.templates), ("--public", ProjectPaths.publicFiles)]
            .filter { !arguments.contains($0.0) }.flatMap { [$0.0, $0.1] }
        process = try SpawnedProcess(
            executable: Self.binary.path, arguments: defaults + arguments, directory: directory.path,
            output: .file(logFile.path), errors: .output)
    }

    /// Starts `koober` on a free port and waits until it serves.
    static func serving(_ arguments: [String] = [], in directory: URL) async throws -> (KooberProcess, port: Int) {
        let koober = try KooberProcess(["--port", "0"] + arguments, in: directory)
        return (koober, try await koober.servingPort())
    }

    var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Reads the log until the server called `name` says where it listens (to the end of the line: a write may stop
    /// mid-number); `Metrics` is the metrics listener's.
    /// A busy machine (the suite's parallel tests beside CI's background builds) can take tens of seconds to start a
    /// debug koober: the wait is `BusyMachine.patience`, and only a process that ends or stays silent that long fails.
    func servingPort(name: String = "Koober", timeout: Duration = BusyMachine.patience) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, process.isRunning {
            if let range = log.range(
                of: name + #" is serving on http://127\.0\.0\.1:\d+\n"#, options: .regularExpression)
            {
                return Int(log[range].dropLast().split(separator: ":").last!)!
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw KooberProcessError.notServing(log: log)
    }

    /// The server's resident memory, from `/proc`.
    var residentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// How many files the server has open: its connections, the database, the log, the listening socket.
    var openFileCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? 0
    }

    /// Whether the test sent the SIGKILL that ended it (`kill()`).
    private var killedByTest = false

    /// `kill -9`: no graceful stop, no closing of the database.
    func kill() async {
        killedByTest = true
        process.send(SIGKILL)
        await waitForExit(timeout: BusyMachine.patience)
    }

    /// Waits for the process to end, at most `timeout`; whether it did.
    @discardableResult
    func waitForExit(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return !process.isRunning
    }

    /// A new temporary folder for a test's database and log.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("koober-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    deinit {
        if process.isRunning {
            process.send(SIGKILL)
            _ = waitpid(process.processIdentifier, nil, 0)
        } else if process.terminationReason == .uncaughtSignal, !killedByTest {
            // A koober that died of a signal nobody sent (a trap): its log is the only witness, so it goes where
            // the test's failure is read.
            print("koober (\(logFile.path)) died of signal \(process.terminationStatus); its log ends:")
            print(log.suffix(6_000))
        }
    }
}

enum KooberProcessError: Error, CustomStringConvertible {
    case notServing(log: String)

    var description: String {
        switch self {
        case .notServing(let log): "koober did not start serving: \(log)"
        }
    }
}

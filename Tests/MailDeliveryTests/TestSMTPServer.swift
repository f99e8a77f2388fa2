import Foundation
import TestKit

/// `scripts/test-smtp-server` (aiosmtpd) on a free loopback port, for one test: what it received (`messages`) and
/// what it saw (`state`). Stopped by `stop()`; its mailbox is a temporary folder.
final class TestSMTPServer {
    /// MAILBOX/server.json.
    struct State: Decodable {
        let connections: Int
        let commands: [String]
        let auth_seen: Bool
        let messages: Int
    }

    let port: Int
    let mailbox: URL
    private let process: SpawnedProcess

    private init(port: Int, mailbox: URL, process: SpawnedProcess) {
        self.port = port
        self.mailbox = mailbox
        self.process = process
    }

    static func start(_ arguments: [String] = []) async throws -> TestSMTPServer {
        let mailbox = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-\(UUID().uuidString)")
        let process = try SpawnedProcess(
            executable: ProjectPaths.root + "/scripts/test-smtp-server",
            arguments: ["--port", "0", "--mailbox", mailbox.path] + arguments, output: .pipe)
        let line = try await onOwnThread { process.readOutputLine() }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerFailure(description: "the test SMTP server said \(line.debugDescription)")
        }
        return TestSMTPServer(port: port, mailbox: mailbox, process: process)
    }

    /// The messages it took, in order.
    func messages() throws -> [ParsedMail] {
        try (1...max(1, state().messages)).compactMap { number in
            let file = mailbox.appendingPathComponent("\(number).json")
            return FileManager.default.fileExists(atPath: file.path) ? try ParsedMail.read(file) : nil
        }
    }

    func state() throws -> State {
        try JSONDecoder().decode(State.self, from: Data(contentsOf: mailbox.appendingPathComponent("server.json")))
    }

    /// Whether it has stopped answering (`--stall-after`).
    var hasStalled: Bool {
        FileManager.default.fileExists(atPath: mailbox.appendingPathComponent("stalled").path)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: mailbox)
    }

    struct ServerFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// A throwaway CA and a certificate it signed for `localhost` (openssl, EC keys), made once per test run.
struct TestCertificates: Sendable {
    let folder: String
    var caPath: String { folder + "/ca.pem" }
    var certificatePath: String { folder + "/server.pem" }
    var keyPath: String { folder + "/server.key" }

    /// The server's options for this certificate.
    var serverArguments: [String] { ["--tls-cert", certificatePath, "--tls-key", keyPath] }

    /// Made once, on a thread of its own and awaited: openssl's exit is noticed by Foundation on a dispatch thread,
    /// and a test that blocked one of the two cooperative threads on it (with another blocked waiting for the same
    /// value) left none to notice it, and the whole suite hung.
    static let shared = Task { try await onOwnThread { try make() } }

    private static func make() throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".write(
            toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + ec + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Koober Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ], in: folder)
        try openssl(
            ["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: folder)
        try openssl(
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
            ], in: folder)
        return TestCertificates(folder: folder)
    }

    private static func openssl(_ arguments: [String], in folder: String) throws {
        let process = try SpawnedProcess(executable: "/usr/bin/openssl", arguments: arguments, directory: folder)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestSMTPServer.ServerFailure(description: "openssl \(arguments.first ?? "") failed")
        }
    }
}

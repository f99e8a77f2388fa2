import Foundation
import KooberTestSupport
import LogLines
import Logging
import TestBrowsing
import TestKit
import Testing

/// No secret is written to Koober's log (issue 41, docs/security.md): a rider's whole share flow over TCP, with the
/// access log and the app's log going to one file as `koober` writes them, then the file is searched for every secret
/// the flow saw: the session cookie and the share link's token, in its page's path and its stream's.
@Suite struct SecretsOutOfLogsTests {
    @Test func aShareFlowLeavesNoTokenInTheLog() async throws {
        let logPath = NSTemporaryDirectory() + "koober-log-\(UUID().uuidString).log"
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { unlink(logPath) }
        let output = LogOutput(fileDescriptor: descriptor)
        let logger = Logger(label: "koober") { LogOutputHandler(label: $0, output: output) }
        let app = try await KooberTestApp(rideClockRate: 60, logger: logger)

        let secrets = try await app.withServer(accessLogger: logger) { port in
            let rider = TestBrowser(host: "127.0.0.1", port: port)
            try await rider.signInAsJohnny()
            try await rider.requestRide(to: "Opera House", option: "Wallaroo")
            let sharePath = try await rider.shareRide()
            let watcher = TestBrowser(host: "127.0.0.1", port: port)
            try await watcher.visit(sharePath)
            #expect(watcher.status == .ok)
            try await rider.visit("/ride")
            try await rider.press("Stop Sharing")
            for path in [sharePath, sharePath + "/events", sharePath + "?from=log-test"] {
                try await watcher.visit(path)
                #expect(watcher.status == .gone)
            }
            let session = try #require(rider.cookie(named: "koober_session")?.value)
            return [String(sharePath.dropFirst("/share/".count)), session]
        }
        #expect(try await onOwnThread { output.flush(timeout: BusyMachine.patience) })
        close(descriptor)
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(log.contains("GET /share/* 200"), "the watcher's visit is logged, its token redacted")
        #expect(log.contains("GET /share/*/events 410"))
        for secret in secrets {
            #expect(secret.count >= 16)
            #expect(!log.contains(secret), "a secret of the flow is in the log")
        }
    }
}

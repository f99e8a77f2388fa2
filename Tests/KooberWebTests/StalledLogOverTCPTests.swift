import KooberTestSupport
import LogLines
import Logging
import TestBrowsing
import TestKit
import Testing

/// Issue 17 with the real app over TCP: storage fails, `UnexpectedErrorResponder` logs each error on the event loop,
/// and nobody reads the log. (`HTTPServerTests.StalledLogTests` does the same with a bare server and a raw client.)
@Suite struct StalledLogOverTCPTests {
    @Test func storageFailuresLoggedWhereNobodyReadsDoNotStopKoober() async throws {
        let pipe = try StalledPipe()
        let output = LogOutput(fileDescriptor: pipe.writeEnd, capacity: 4_096, errorReserve: 1_024)
        let logger = Logger(label: "koober") { LogOutputHandler(label: $0, output: output) }
        let app = try await KooberTestApp(logger: logger) { $0.sessionRepository = BrokenSessionRepository() }
        try await app.withServer { port in
            let rider = TestBrowser(host: "127.0.0.1", port: port)
            rider.setCookie("koober_session", "any-session-id")
            let visitor = TestBrowser(host: "127.0.0.1", port: port)
            // A stalled write would hold a request for ever: its read would time out (BusyMachine.patience) and throw.
            for _ in 0..<60 {
                for (browser, status) in [(rider, 500), (visitor, 200)] {
                    try await browser.visit("/welcome")
                    #expect(browser.status?.code == UInt(status))
                }
            }
        }

        let reading = Task.detached { await pipe.read { $0.hasSuffix("nothing read them\n") } }
        #expect(try await onOwnThread { output.flush(timeout: BusyMachine.patience) })
        let log = await reading.value
        #expect(
            log.contains("error koober: Unexpected error: disk I/O error at /var/lib/koober/secret-internals.sqlite")
        )
        #expect(log.contains("log lines dropped: nothing read them"))
    }
}

import Foundation
import TestBrowsing
import TestKit
import Testing

/// `koober --metrics-port`: Prometheus text on a listener of its own, counting what the riders' port served and
/// refused; nothing of it on the riders' port.
@Suite struct MetricsTests {
    @Test func theMetricsListenerCountsRequestsByRouteAndStatusAndRefusalsByReason() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving(["--metrics-port", "0"], in: directory)
        let metricsPort = try await koober.servingPort(name: "Metrics")
        #expect(metricsPort != port)

        let browser = TestBrowser(host: "127.0.0.1", port: port)
        for _ in 0..<3 { try await browser.visit("/welcome") }
        try await browser.visit("/no-such-page")
        try await browser.visit("/metrics")  // the riders' port has no metrics
        #expect(browser.status?.code == 404)
        try await refuseAMalformedRequest(port: port)

        let scrape = TestBrowser(host: "127.0.0.1", port: metricsPort)
        try await scrape.visit("/metrics")
        #expect(scrape.status?.code == 200)
        let text = scrape.bodyText
        #expect(text.contains(#"koober_http_requests_total{route="welcome",status="200"} 3"#))
        #expect(text.contains(#"koober_http_requests_total{route="not_found",status="404"} 2"#))
        #expect(text.contains(#"koober_http_request_duration_seconds_count{route="welcome"} 3"#))
        #expect(text.contains(#"koober_http_refused_total{reason="malformed:"#))
        #expect(text.contains("koober_http_open_connections"))
        #expect(!text.contains("/welcome"))  // paths are never labels
        #expect(text.contains("koober_password_hash_queue_depth 0"))
        #expect(text.contains("koober_password_hash_queue_capacity "))
        #expect(text.contains(#"koober_database_pool_waits_total{pool="writer"}"#))

        koober.process.interrupt()
        #expect(await koober.waitForExit(timeout: BusyMachine.patience))
    }

    @Test func theMailSendersCountsAndTheOutboxAreMetrics() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let mail = directory.appendingPathComponent("mail")
        let (koober, port) = try await KooberProcess.serving(
            ["--metrics-port", "0", "--mail-dir", mail.path], in: directory)
        let metricsPort = try await koober.servingPort(name: "Metrics")
        #expect(koober.log.contains("Mail goes to \(mail.path) as .eml files"))

        // Sign up queues the confirmation; the sender writes it into the mail folder within its next look.
        try await TestBrowser(host: "127.0.0.1", port: port).signUp(TestBrowser.Account())
        let messages = { (try? FileManager.default.contentsOfDirectory(atPath: mail.path)) ?? [] }
        #expect(await eventually(within: BusyMachine.patience) { messages().contains { $0.hasSuffix(".eml") } })
        #expect(messages().filter { $0.hasSuffix(".eml") }.count == 1)

        let scrape = TestBrowser(host: "127.0.0.1", port: metricsPort)
        #expect(
            try await eventually(within: BusyMachine.patience) {
                try await scrape.visit("/metrics")
                return scrape.bodyText.contains("koober_mail_sent_total 1")
            })
        let text = scrape.bodyText
        #expect(text.contains("koober_mail_retried_total 0"))
        #expect(text.contains("koober_mail_failed_total 0"))
        #expect(text.contains("koober_mail_queued 0"))
        #expect(text.contains("koober_mail_oldest_age_seconds 0"))

        koober.process.interrupt()
        #expect(await koober.waitForExit(timeout: BusyMachine.patience))
    }

    @Test func withoutTheFlagThereIsNoMetricsListener() async throws {
        let (koober, _) = try await KooberProcess.serving(in: try KooberProcess.temporaryDirectory())
        #expect(!koober.log.contains("Metrics is serving"))
        koober.process.interrupt()
        #expect(await koober.waitForExit(timeout: BusyMachine.patience))
    }

    /// Sends a request line that is no HTTP and waits until the server has answered and closed.
    private func refuseAMalformedRequest(port: Int) async throws {
        let socket = try SocketSwarm(count: 1, port: port)
        #expect(socket.establishedCount(within: BusyMachine.patience) == 1)
        socket.send(Array("GET / HTTP/9.9\r\n\r\n".utf8))
        _ = try await eventually { socket.closedCount() >= 1 }
        socket.closeAll()
    }
}

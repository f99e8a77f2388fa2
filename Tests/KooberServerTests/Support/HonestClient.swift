import Foundation
import Synchronization
import TestBrowsing

/// A rider who keeps using Koober while others attack it: a page every `interval`, each on a new connection,
/// each timed from the first byte sent to the last byte received.
final class HonestClient: Sendable {
    struct Visit: Sendable {
        let latency: Duration
        let succeeded: Bool
    }

    private let port: Int
    private let visits = Mutex<[Visit]>([])
    private let stopped = Mutex(false)

    init(port: Int) {
        self.port = port
    }

    var recorded: [Visit] { visits.withLock { $0 } }

    /// The slowest visit, or `nil` before the first.
    var slowest: Duration? { recorded.map(\.latency).max() }

    /// Visits `/welcome` every `interval` until `stop()`.
    func run(every interval: Duration = .milliseconds(250)) async {
        while !stopped.withLock({ $0 }) {
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            let start = ContinuousClock.now
            var succeeded = false
            do {
                try await browser.visit("/welcome")
                succeeded = browser.status == .ok && browser.bodyText.contains("KOOBER")
            } catch {
                succeeded = false
            }
            let visit = Visit(latency: ContinuousClock.now - start, succeeded: succeeded)
            visits.withLock { $0.append(visit) }
            try? await Task.sleep(for: interval)
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
    }
}

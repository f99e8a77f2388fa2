import CoreMetrics
import NIOCore
import Synchronization

/// What the server reports through swift-metrics: requests by route and status with their latency, open connections,
/// and refused requests by reason. Which backend collects them (Prometheus, in `koober`) is the process's choice
/// (`MetricsSystem.bootstrap`); without one they cost a dictionary look-up per request.
///
/// Routes are the names responses carry (`Response.route`), a small fixed set: a label made of paths would grow
/// without bound as clients invent them.
public final class HTTPMetrics: Sendable {
    private struct Key: Hashable {
        let route: String
        let status: UInt
    }

    private let prefix: String
    /// swift-metrics handles are cheap to use and dear to make (the backend's registry takes a lock): made once each.
    private let requests = Mutex<[Key: (count: Counter, duration: Timer)]>([:])
    private let refusals = Mutex<[String: Counter]>([:])
    let openConnections: Gauge

    /// - Parameter prefix: put before every name, e.g. `koober_` gives `koober_http_requests_total`.
    public init(prefix: String = "") {
        self.prefix = prefix
        openConnections = Gauge(label: prefix + "http_open_connections")
    }

    func recordRequest(route: String?, status: UInt, duration: TimeAmount) {
        let key = Key(route: route ?? "unnamed", status: status)
        let handles = requests.withLock { requests in
            if let handles = requests[key] { return handles }
            let handles = (
                Counter(
                    label: prefix + "http_requests_total",
                    dimensions: [("route", key.route), ("status", String(key.status))]
                ),
                Timer(label: prefix + "http_request_duration_seconds", dimensions: [("route", key.route)])
            )
            requests[key] = handles
            return handles
        }
        handles.count.increment()
        handles.duration.recordNanoseconds(duration.nanoseconds)
    }

    func recordRefusal(reason: String) {
        let counter = refusals.withLock { refusals in
            if let counter = refusals[reason] { return counter }
            let counter = Counter(label: prefix + "http_refused_total", dimensions: [("reason", reason)])
            refusals[reason] = counter
            return counter
        }
        counter.increment()
    }
}

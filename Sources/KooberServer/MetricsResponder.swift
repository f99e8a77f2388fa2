import HTTPServer
import NIOCore
import Prometheus

/// The operator's metrics: `GET /metrics` in the Prometheus text format, on a listener of its own (`--metrics-port`,
/// loopback unless `--metrics-hostname` says otherwise), never on the port riders use.
struct MetricsResponder: Responder {
    let registry: PrometheusCollectorRegistry
    let collector: MetricsCollector

    func respond(to request: Request) async -> Response {
        guard request.path == "/metrics" else { return .text("Not Found\n", status: .notFound) }
        guard request.method == .GET || request.method == .HEAD else {
            var response = Response.text("Method Not Allowed\n", status: .methodNotAllowed)
            response.headers.replaceOrAdd(name: "Allow", value: "GET, HEAD")
            return response
        }
        collector.collect()
        return Response(
            headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
            body: ByteBuffer(bytes: registry.emitToBuffer())
        )
    }
}

import HTTPServer
import LogLines
import Logging
import NIOCore

/// Koober's `HTTPServer` with all it does per request (timeouts, limits, request id, the access-log line, Date,
/// keep-alive) answering a fixed plaintext body, as `/healthz` does without its database check.
/// `KooberPlaintext <port>`; the run script sends the access log to /dev/null, as it does koober's.
LoggingSystem.bootstrap { LogOutputHandler(label: $0) }
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8082
let body = ByteBuffer(string: "Hello, World!")
let server = HTTPServer(
    configuration: HTTPServerConfiguration(host: "127.0.0.1", port: port),
    responder: ClosureResponder { _ in Response(headers: ["Content-Type": "text/plain; charset=utf-8"], body: body) }
)
print("KooberPlaintext listening on 127.0.0.1:\(port)")
try await server.run()

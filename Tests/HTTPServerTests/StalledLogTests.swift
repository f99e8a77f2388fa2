import LogLines
import Logging
import TestKit
import Testing

@testable import HTTPServer

/// Issue 17: standard output on a pipe nobody reads must not stop the server. Before the fix the first error logged
/// on an event loop (a storage failure, by `UnexpectedErrorResponder`) waited forever for the blocked writer, and
/// that loop neither answered nor accepted again.
@Suite("A log nobody reads")
struct StalledLogTests {
    @Test func theServerKeepsAnsweringWhileItsLogIsStalledAndResponsesLogErrors() async throws {
        let pipe = try StalledPipe()
        let output = LogOutput(fileDescriptor: pipe.writeEnd, capacity: 4_096, errorReserve: 1_024)
        let logger = Logger(label: "koober") { LogOutputHandler(label: $0, output: output) }
        // What `UnexpectedErrorResponder` does when storage fails: log the error, on the loop, then answer 500.
        let responder = ClosureResponder { request in
            guard request.path == "/broken" else { return .text("\(request.method) \(request.path)") }
            logger.error(
                "Unexpected error: disk I/O error",
                metadata: ["request_id": "\(request.id)", "path": "\(request.path)"]
            )
            return .text("sorry", status: .internalServerError)
        }
        try await withServer(logger: logger, responder: responder) { server in
            // The first access line takes the writer into a write that never ends; then errors and ordinary requests
            // alternate, far more than the log can hold, each answered within the bound of docs/security.md.
            // A loop blocked on the log would hold its answer for ever: the read would time out and throw.
            let statuses = try await server.steps { socket in
                var statuses: [Int] = []
                for _ in 0..<100 {
                    for path in ["/broken", "/ride"] {
                        try socket.send(RawRequest.get(path))
                        statuses.append(try socket.readResponse(timeout: BusyMachine.patience).status)
                    }
                }
                return statuses
            }
            #expect(statuses == Array(repeating: [500, 200], count: 100).flatMap { $0 })
            // The loops still accept new connections.
            #expect(try await server.response(to: RawRequest.get("/after")).bodyText == "GET /after")
        }

        // Once the log is read, it holds the first errors and says how many lines it had to drop.
        let reading = Task.detached { await pipe.read { $0.hasSuffix("nothing read them\n") } }
        #expect(try await onOwnThread { output.flush(timeout: BusyMachine.patience) })
        let log = await reading.value
        #expect(log.contains("error koober: Unexpected error: disk I/O error path=/broken request_id="))
        let dropped = log.matches(of: #/warning: (\d+) log lines dropped: nothing read them/#).map { Int($0.1)! }
        #expect(dropped.reduce(0, +) > 100)
    }
}

import HTTPServer
import NIOPosix
import Testing

@Suite("Where responders run")
struct ResponderExecutorTests {
    /// Waits on another thread, as a database call does.
    actor Elsewhere {
        func wait() async { try? await Task.sleep(for: .milliseconds(20)) }
    }

    @Test func aResponderRunsOnItsConnectionsEventLoopAndComesBackToItAfterWaiting() async throws {
        let elsewhere = Elsewhere()
        let responder = ClosureResponder { _ in
            let before = MultiThreadedEventLoopGroup.currentEventLoop
            await elsewhere.wait()
            let after = MultiThreadedEventLoopGroup.currentEventLoop
            let sameLoop = before != nil && before === after
            return .text("started on a loop: \(before != nil), came back to it: \(sameLoop)")
        }
        let response = try await withServer(responder: responder) { server in
            try await server.response(to: RawRequest.get("/"))
        }
        #expect(response.bodyText == "started on a loop: true, came back to it: true")
    }
}

import ArgumentParser
import Glibc
import HTTPServer
import TestBrowsing
import TestKit
import Testing

@testable import KooberServer

/// `koober healthcheck`, against real servers on ephemeral ports: exit 0 on 200 `ok`, 1 on anything else.
@Suite struct HealthcheckCommandTests {
    /// The timeout for checks that expect an answer: a busy machine may be slow to give it.
    static let patience = "\(BusyMachine.patience.components.seconds)"

    /// Holds `/slow`'s answer back until the test finishes it, after the checks have given up.
    let slowAnswer = AsyncStream<Never>.makeStream()

    /// Answers `/healthz` the way Koober does when its database answers (`ok`) or not (503); `/slow` only once the
    /// test lets it (`slowAnswer`).
    var responder: ClosureResponder {
        let slowAnswer = slowAnswer.stream
        return ClosureResponder { request in
            switch request.path {
            case "/healthz": return .text("ok")
            case "/sick": return .text("unavailable", status: .serviceUnavailable)
            case "/wrong-body": return .text("not quite")
            case "/slow":
                for await _ in slowAnswer {}
                return .text("ok")
            default: return .text("not found", status: .notFound)
            }
        }
    }

    /// Runs `koober healthcheck` with `arguments` as the executable does and returns its exit code.
    private func exitCode(_ arguments: [String]) async throws -> Int32 {
        let command = try #require(try KooberCommand.parseAsRoot(["healthcheck"] + arguments) as? Healthcheck)
        do {
            try await command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    @Test func aHealthyServerExitsZero() async throws {
        let code = try await TestServer.withRunning(responder) { port in
            try await exitCode(["--url", "http://127.0.0.1:\(port)/healthz", "--timeout", Self.patience])
        }
        #expect(code == 0)
    }

    @Test func a503ExitsOne() async throws {
        let (code, result) = try await TestServer.withRunning(responder) { port in
            let code = try await exitCode(["--url", "http://127.0.0.1:\(port)/sick", "--timeout", Self.patience])
            let target = HealthcheckTarget(host: "127.0.0.1", port: port, path: "/sick")
            return (
                code, await HealthcheckClient.check(target, timeout: .seconds(BusyMachine.patience.components.seconds))
            )
        }
        #expect(code == 1)
        #expect(!result.isHealthy)
        #expect(result.message.contains("answered 503"))
    }

    @Test func a200WithAnotherBodyExitsOne() async throws {
        let code = try await TestServer.withRunning(responder) { port in
            try await exitCode(["--url", "http://127.0.0.1:\(port)/wrong-body", "--timeout", Self.patience])
        }
        #expect(code == 1)
    }

    @Test func nothingListeningExitsOne() async throws {
        // A port bound and held, but not listening: a connection is refused, and no other test's server (the suite
        // starts many on ephemeral ports) can take the port meanwhile, as one could a port merely released.
        let reserved = try ReservedPort()
        defer { reserved.release() }
        let port = reserved.port
        #expect(try await exitCode(["--url", "http://127.0.0.1:\(port)/healthz"]) == 1)
        let result = await HealthcheckClient.check(
            HealthcheckTarget(host: "127.0.0.1", port: port, path: "/healthz"),
            timeout: .seconds(3)
        )
        #expect(result.message.contains("cannot connect"))
    }

    /// The check gives up at its own deadline rather than waiting for the answer: the server answers only after both
    /// checks have returned, so their returning at all proves it, and the deadline's message says which ended them.
    @Test func aServerTooSlowToAnswerExitsOneAtTheTimeout() async throws {
        let (code, result) = try await TestServer.withRunning(responder) { port in
            defer { slowAnswer.continuation.finish() }
            let code = try await exitCode(["--url", "http://127.0.0.1:\(port)/slow", "--timeout", "0.3"])
            let target = HealthcheckTarget(host: "127.0.0.1", port: port, path: "/slow")
            return (code, await HealthcheckClient.check(target, timeout: .milliseconds(300)))
        }
        #expect(code == 1)
        #expect(result.message.hasSuffix("no complete answer within 0.3 s"), "\(result.message)")
    }

    @Test func anUnusableURLExitsOne() async throws {
        #expect(try await exitCode(["--url", "https://127.0.0.1/healthz"]) == 1)
        #expect(try await exitCode(["--url", "http://127.0.0.1:99999/healthz"]) == 1)
    }

    @Test func servingStaysTheDefaultAndHealthcheckIsASubcommand() throws {
        #expect(try KooberCommand.parseAsRoot([]) is KooberCommand)
        #expect(try KooberCommand.parseAsRoot(["--port", "8080", "--hostname", "0.0.0.0"]) is KooberCommand)
        #expect(try KooberCommand.parseAsRoot(["healthcheck"]) is Healthcheck)
        #expect(throws: (any Error).self) { try KooberCommand.parseAsRoot(["healthcheck", "--colour", "teal"]) }
        #expect(throws: (any Error).self) { try KooberCommand.parseAsRoot(["healthcheck", "--timeout", "nan"]) }
        #expect(throws: (any Error).self) { try KooberCommand.parseAsRoot(["healthcheck", "--timeout", "0"]) }
    }

    @Test func theDefaultURLFollowsKooberPortAndHostname() throws {
        func url(_ environment: [String: String]) throws -> String {
            try Healthcheck.defaultURL(environment: Environment { environment[$0] })
        }
        #expect(try url([:]) == "http://127.0.0.1:8080/healthz")
        #expect(try url(["KOOBER_PORT": "9090"]) == "http://127.0.0.1:9090/healthz")
        #expect(try url(["KOOBER_HOSTNAME": "0.0.0.0", "KOOBER_PORT": "8080"]) == "http://127.0.0.1:8080/healthz")
        #expect(try url(["KOOBER_HOSTNAME": "::"]) == "http://[::1]:8080/healthz")
        #expect(try url(["KOOBER_HOSTNAME": "10.0.0.5"]) == "http://10.0.0.5:8080/healthz")
        #expect(throws: ValidationError.self) { try url(["KOOBER_PORT": "eighty"]) }
    }

    @Test func urlsAreTakenApart() throws {
        #expect(
            try HealthcheckTarget("http://127.0.0.1:8080/healthz")
                == .init(host: "127.0.0.1", port: 8080, path: "/healthz")
        )
        #expect(try HealthcheckTarget("http://localhost") == .init(host: "localhost", port: 80, path: "/"))
        #expect(
            try HealthcheckTarget("http://[::1]:9000/healthz?x=1")
                == .init(host: "::1", port: 9000, path: "/healthz?x=1")
        )
        #expect(try HealthcheckTarget("http://[::1]:9000/healthz").hostHeader == "[::1]:9000")
        #expect(throws: HealthcheckURLError.self) { try HealthcheckTarget("127.0.0.1:8080/healthz") }
        #expect(throws: HealthcheckURLError.self) { try HealthcheckTarget("http://:8080/healthz") }
        #expect(throws: HealthcheckURLError.self) { try HealthcheckTarget("http://[::1/healthz") }
    }
}

/// A loopback port bound by a socket that never listens: connecting to it is refused until `release`.
private struct ReservedPort {
    struct Failed: Error {}
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Failed()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func release() {
        close(descriptor)
    }
}

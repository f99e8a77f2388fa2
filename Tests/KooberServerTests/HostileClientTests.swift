import Foundation
import TestBrowsing
import TestKit
import Testing

/// Attacks on the real `koober` process over real sockets, while an honest rider keeps using it: the server stays
/// up, answers the rider within the latency bound throughout, and its memory stays bounded.
///
/// The server runs as its own process (as in production): ten thousand idle connections need ten thousand file
/// descriptors on each side, and the test process and an in-process server together would need twenty thousand,
/// the whole limit of the CI machine.
///
/// They measure latency and take the machine's two cores for half a minute, so they run on their own, after the rest
/// of the suite (`WholeMachineTests`).
@Suite(.serialized, .enabled(if: WholeMachineTests.run, "takes the whole machine: run alone by scripts/hardening"))
struct HostileClientTests {
    /// Generous: the CI machine has two cores, shared with the rest of the suite and other builds.
    static let latencyBound = Duration.seconds(5)

    /// Runs `attack` against a fresh `koober` while an honest client visits a page every quarter second; then checks
    /// the honest client was always answered in time and the server still serves.
    private func underAttack(
        arguments: [String] = [],
        _ attack: (_ port: Int, _ koober: KooberProcess) async throws -> Void
    ) async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving(arguments, in: directory)
        let honest = HonestClient(port: port)
        let visiting = Task { await honest.run() }
        do {
            try await attack(port, koober)
        } catch {
            honest.stop()
            await visiting.value
            throw error
        }
        honest.stop()
        await visiting.value
        let visits = honest.recorded
        #expect(visits.count >= 4)
        let failed = visits.filter { !$0.succeeded }.count
        #expect(failed == 0, "\(failed) of \(visits.count) visits failed")
        let slowest = try #require(honest.slowest)
        print("The honest rider: \(visits.count) visits, the slowest took \(slowest)")
        #expect(slowest < Self.latencyBound, "the honest rider's slowest visit took \(slowest)")
        #expect(koober.process.isRunning)
        let browser = TestBrowser(host: "127.0.0.1", port: port)
        try await browser.visit("/healthz")
        #expect(browser.bodyText == "ok")
    }

    @Test func tenThousandIdleConnectionsAtOnceAreHeldCheaplyAndDroppedAtTheHeadTimeout() async throws {
        try await underAttack { port, koober in
            let filesBefore = koober.openFileCount
            let memoryBefore = koober.residentBytes
            // A thousand at a time, each once the server holds the last: faster, and the kernel's accept queue
            // (1024) drops the handshakes it cannot hold, so they never reach the server at all.
            var swarms: [SocketSwarm] = []
            for number in 1...10 {
                swarms.append(try await onOwnThread { try SocketSwarm(count: 1_000, port: port) })
                #expect(await eventually { koober.openFileCount >= filesBefore + number * 1_000 })
            }
            try await Task.sleep(for: .seconds(2))  // the honest client visits while all of them are open
            let growth = koober.residentBytes - memoryBefore
            print("10,000 idle connections: the server grew by \(growth >> 20) MiB")
            #expect(growth < 256 << 20)
            // The request-head timeout (10 s) frees them all.
            #expect(await eventually(within: .seconds(30)) { koober.openFileCount <= filesBefore + 5 })
            for swarm in swarms { swarm.closeAll() }
        }
    }

    @Test func twoThousandOpenRideStreamsWhileHonestPagesStayFast() async throws {
        // Sign-ups from many addresses (behind a proxy that says so), as sign-up is throttled per address.
        try await underAttack(arguments: ["--ride-clock-rate", "0.01", "--trust-proxy"]) { port, koober in
            // 250 riders waiting for their rides, each followed from two sessions, four streams each: the most a
            // session (4) and a rider (8) may open.
            var cookies: [String] = []
            for number in 0..<250 {
                let rider = TestBrowser(host: "127.0.0.1", port: port)
                rider.additionalHeaders = ["X-Forwarded-For": "10.9.\(number / 10).\(number % 10)"]
                let account = TestBrowser.Account(email: "rider-\(number)@example.com")
                try await rider.signUp(account)
                try await rider.requestRide(to: "Opera House", option: "Wallaroo")
                let second = TestBrowser(host: "127.0.0.1", port: port)
                second.additionalHeaders = rider.additionalHeaders
                try await second.signIn(email: account.email, password: account.password)
                cookies += [rider, second].map { $0.cookie(named: "koober_session")!.value }
            }
            let memoryBefore = koober.residentBytes
            var streams: [EventStreamClient] = []
            for cookie in cookies {
                for _ in 0..<4 {
                    streams.append(
                        try await EventStreamClient.open(port: port, headers: [("Cookie", "koober_session=\(cookie)")]))
                }
            }
            for stream in streams { #expect(try await stream.wait { $0.events.count >= 1 }) }
            #expect(streams.allSatisfy { $0.status == 200 })
            try await Task.sleep(for: .seconds(3))  // the honest client visits while all of them are open
            let growth = koober.residentBytes - memoryBefore
            print("2,000 open ride streams: the server grew by \(growth >> 20) MiB")
            #expect(growth < 128 << 20)
            // A fifth stream for a session is refused, and so is a ninth for a rider (from a third session); the
            // streams are still open.
            let third = TestBrowser(host: "127.0.0.1", port: port)
            try await third.signIn(email: "rider-0@example.com", password: TestBrowser.Account().password)
            let thirdCookie = third.cookie(named: "koober_session")!.value
            var refused: [EventStreamClient] = []
            for cookie in [cookies[0], thirdCookie] {
                let beyond = try await EventStreamClient.open(
                    port: port, headers: [("Cookie", "koober_session=\(cookie)")])
                #expect(try await beyond.wait { $0.status != nil })
                #expect(beyond.status == 429)
                refused.append(beyond)
            }
            #expect(streams.allSatisfy { !$0.isClosed })
            for stream in streams + refused { await stream.close() }
        }
    }

    @Test func slowlorisHeadsTrickledAByteASecondAreCutOffAtTheHeadTimeout() async throws {
        try await underAttack { port, _ in
            let swarm = try await onOwnThread { try SocketSwarm(count: 1_000, port: port) }
            #expect(try await onOwnThread { swarm.establishedCount(within: .seconds(30)) } == 1_000)
            let start = ContinuousClock.now
            swarm.send(Array("GET /welcome HTTP/1.1\r\n".utf8))
            var closed = 0
            // One header byte a second: "X-a: b\r\n" never ends the head.
            for byte in Array(String(repeating: "X-Slow: ", count: 3).utf8) where closed < 1_000 {
                try await Task.sleep(for: .seconds(1))
                swarm.send([byte])
                closed = try await onOwnThread { swarm.closedCount() }
            }
            let elapsed = ContinuousClock.now - start
            #expect(closed == 1_000)
            #expect(elapsed >= .seconds(9) && elapsed < .seconds(24))
            swarm.closeAll()
        }
    }

    @Test func floodsOfPipelinedOversizedAndUnfinishedRequestsKeepMemoryBounded() async throws {
        try await underAttack { port, koober in
            let before = koober.residentBytes
            // 10,000 pipelined requests at once. Each is a page to render: many more saturate the two cores of the
            // CI machine, and then every client waits its turn (per-client rate limits belong to the proxy in front).
            let flood = String(repeating: "GET /welcome HTTP/1.1\r\nHost: k\r\n\r\n", count: 500)
            let pipelined = try await onOwnThread { try SocketSwarm(count: 20, port: port) }
            let oversizedHeads = try await onOwnThread { try SocketSwarm(count: 50, port: port) }
            let oversizedBodies = try await onOwnThread { try SocketSwarm(count: 50, port: port) }
            let unfinished = try await onOwnThread { try SocketSwarm(count: 50, port: port) }
            for swarm in [pipelined, oversizedHeads, oversizedBodies, unfinished] {
                _ = try await onOwnThread { swarm.establishedCount(within: .seconds(30)) }
            }
            // Nobody reads: the server must stop making answers nobody collects.
            try await onOwnThread { pipelined.send(Array(flood.utf8)) }
            for _ in 0..<5 {
                try await onOwnThread {
                    oversizedHeads.send(
                        Array(("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20_000)).utf8))
                    oversizedBodies.send(
                        Array("POST /signin HTTP/1.1\r\nHost: k\r\nContent-Length: 2097152\r\n\r\n".utf8))
                    oversizedBodies.send([UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10))
                    unfinished.send(
                        Array("POST /signin HTTP/1.1\r\nHost: k\r\nContent-Length: 1000\r\n\r\nemail=".utf8))
                }
                try await Task.sleep(for: .seconds(1))
            }
            let growth = koober.residentBytes - before
            print("Floods: the server grew by \(growth >> 20) MiB")
            #expect(growth < 256 << 20)
            for swarm in [pipelined, oversizedHeads, oversizedBodies, unfinished] { swarm.closeAll() }
        }
    }

    /// Heads that each declare a megabyte of body and send none of it: the server once reserved the declared size at
    /// once (3,000 of them took 2.9 GiB of address space). Now a body's buffer grows with the bytes that arrive.
    @Test func sixteenThousandHeadsDeclaringAMegabyteKeepMemoryBounded() async throws {
        try await underAttack(arguments: ["--max-connections", "16100"]) { port, koober in
            let head = Array(
                "POST /signin HTTP/1.1\r\nHost: k\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1048576\r\n\r\n"
                    .utf8
            )
            var swarms: [SocketSwarm] = []
            for _ in 0..<16 {
                let swarm = try await onOwnThread { try SocketSwarm(count: 1_000, port: port) }
                _ = try await onOwnThread { swarm.establishedCount(within: .seconds(30)) }
                try await onOwnThread { swarm.send(head) }
                swarms.append(swarm)
                try await Task.sleep(for: .milliseconds(250))
            }
            try await Task.sleep(for: .seconds(2))  // the honest client visits while all of them wait for their bodies
            let resident = koober.residentBytes
            print("16,000 heads declaring 1 MiB each: the server holds \(resident >> 20) MiB")
            #expect(resident < 300 << 20)
            for swarm in swarms { swarm.closeAll() }
        }
    }

    /// Sockets with small receive windows that pipeline 250 requests each and never read: the server stops making
    /// answers for them, and closes each at the client read timeout (they once stayed open for good, past every
    /// timeout, holding about 1 MB each: 520 MB for 500 of them). 250 style sheets are 6 MB, more than a socket's
    /// largest kernel send buffer (4 MiB, `tcp_wmem`), so the server must hold back (with a hundred, the kernel took
    /// them all and the connections ended at the idle timeout instead).
    ///
    /// 250 sockets, not 500: 500 full send buffers are 2 GB, past the kernel's TCP memory pressure mark on the CI
    /// machine (`tcp_mem`, 1.5 GB), and under pressure the kernel slows every socket, the honest rider's too: alone on
    /// the machine its slowest visit took 2.2–4.5 s with 500, 0.6–1.0 s with 250 (and 5.1–5.3 s with 500 in CI).
    @Test func twoHundredFiftySocketsThatPipelineAndNeverReadAreClosedWithMemoryBounded() async throws {
        try await underAttack { port, koober in
            let filesBefore = koober.openFileCount
            let swarm = try await onOwnThread { try SocketSwarm(count: 250, port: port, receiveBufferBytes: 4096) }
            #expect(try await onOwnThread { swarm.establishedCount(within: .seconds(30)) } == 250)
            let flood = String(repeating: "GET /css/koober.css HTTP/1.1\r\nHost: k\r\n\r\n", count: 250)
            try await onOwnThread { swarm.send(Array(flood.utf8)) }
            try await Task.sleep(for: .seconds(5))
            let resident = koober.residentBytes
            print("250 sockets pipelining without reading: the server holds \(resident >> 20) MiB")
            #expect(resident < 160 << 20)  // measured 68 MiB; the old bug held 250 MB more
            // The client read timeout is 20 s: every one of them is closed well within a minute.
            #expect(await eventually(within: .seconds(60)) { koober.openFileCount <= filesBefore + 5 })
            swarm.closeAll()
        }
    }
}

import Foundation
import TestKit
import Testing

/// What a long-running `koober` holds after many clients have come and gone (issue 41): nothing that grows with the
/// connections ever made, nor with requests that were refused. The real release binary is loaded by `wrk` (Debian's,
/// installed by `.ci/run`) and its resident memory read from `/proc`: a whole-machine test, run alone by
/// `scripts/hardening`.
///
/// "Before" is read after a warm-up round at the same concurrency, so that the allocator's arenas and NIO's buffers
/// have grown to what that load needs once; what the measured rounds add beyond it is what the server kept.
@Suite(.serialized, .enabled(if: WholeMachineTests.run, "takes the whole machine: run alone by scripts/hardening"))
struct ConnectionChurnTests {
    /// Each `Connection: close` connection once leaked its request handler, context and pipeline (~1.1 KB): 200,000
    /// of them grew the server by about 200 MB for ever.
    @Test func twoHundredThousandShortConnectionsAndAMinutesRestLeaveMemoryWhereItWas() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving([], in: directory)
        let url = "http://127.0.0.1:\(port)/healthz"
        _ = try await Wrk.load(url, atLeast: 20_000, headers: ["Connection: close"], in: directory)
        let before = koober.residentBytes
        let made = try await Wrk.load(url, atLeast: 200_000, headers: ["Connection: close"], in: directory)
        try await Task.sleep(for: .seconds(60))  // the minute's rest: what is still held then is kept for good
        let after = koober.residentBytes
        print("\(made) short connections: resident \(before >> 20) MiB before, \(after >> 20) MiB after a minute")
        #expect(made >= 200_000)
        #expect(after - before < 20 << 20, "the server kept \((after - before) >> 10) KiB")
        #expect(koober.process.isRunning)
    }

    /// Forgot Password for a new email on every request, from one address, for as long as it takes to send 60,000:
    /// the address's quota refuses all but the first few, and a refused request is recorded nowhere, so the quota's
    /// table does not grow with them (it once grew by 50 MB in a minute).
    @Test func aForgotPasswordFloodFromOneAddressLeavesMemoryWhereItWas() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving([], in: directory)
        let script = directory.appendingPathComponent("forgot.lua")
        try """
        wrk.method = "POST"
        wrk.headers["Content-Type"] = "application/json"
        counter = 0
        request = function()
            counter = counter + 1
            local email = string.format("flood-%d-%d@example.com", math.random(1, 1000000000), counter)
            return wrk.format(nil, nil, nil, '{"email": "' .. email .. '"}')
        end
        """.write(to: script, atomically: true, encoding: .utf8)
        let url = "http://127.0.0.1:\(port)/api/v1/password/forgot"
        _ = try await Wrk.load(url, atLeast: 10_000, script: script.path, in: directory)
        let before = koober.residentBytes
        let made = try await Wrk.load(url, atLeast: 60_000, script: script.path, in: directory)
        let after = koober.residentBytes
        print("\(made) Forgot Password requests: resident \(before >> 20) MiB before, \(after >> 20) MiB after")
        #expect(made >= 60_000)
        #expect(after - before < 10 << 20, "the server kept \((after - before) >> 10) KiB")
    }
}

/// Runs Debian's `wrk` against the server until it has made at least a number of requests.
enum Wrk {
    struct Failed: Error, CustomStringConvertible {
        let output: String
        var description: String { "wrk failed: \(output)" }
    }

    /// Rounds of 5 s, 64 connections on 2 threads, until `count` requests have been made; the requests made.
    static func load(
        _ url: String, atLeast count: Int, headers: [String] = [], script: String? = nil, in directory: URL
    ) async throws -> Int {
        var made = 0
        while made < count {
            let output = directory.appendingPathComponent("wrk-\(UUID().uuidString).txt")
            let arguments =
                ["-t2", "-c64", "-d5s"] + headers.flatMap { ["-H", $0] } + (script.map { ["-s", $0] } ?? []) + [url]
            let wrk = try SpawnedProcess(
                executable: "wrk", arguments: arguments, directory: directory.path, output: .file(output.path),
                errors: .output)
            #expect(await eventually(within: .seconds(60)) { !wrk.isRunning })
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            // "  123456 requests in 5.00s, 12.34MB read"
            guard let line = text.split(separator: "\n").first(where: { $0.contains(" requests in ") }),
                let requests = Int(line.split(separator: " ").first ?? ""), requests > 0
            else { throw Failed(output: text) }
            made += requests
        }
        return made
    }
}

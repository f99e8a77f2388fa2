import Foundation
import Logging
import TestKit
import Testing

@testable import LogLines

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Log output")
struct LogOutputTests {
    /// A file to log to, read back whole.
    final class LogFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koober-log-\(UUID().uuidString)").path
        let descriptor: Int32

        init() {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        var lines: [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test func linesLeaveInOrderEachAfterTheTimeInUTC() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        for number in 1...500 { output.append("line \(number)") }
        #expect(output.flush(timeout: BusyMachine.patience))
        let lines = file.lines
        #expect(lines.count == 500)
        for (index, line) in lines.enumerated() {
            let match = try #require(line.wholeMatch(of: #/(\S+) line (\d+)/#))
            #expect(match.1.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#) != nil)
            #expect(Int(match.2) == index + 1)
        }
    }

    @Test func linesAreWrittenSoonWithoutAFlush() async throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        output.append("soon")
        // The writer is a thread of its own: the test waits for what it does, not for how long it takes.
        #expect(await eventually { !file.lines.isEmpty })
        #expect(file.lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["soon"])
    }

    @Test func anErrorIsQueuedLikeAnyOtherLineAndWrittenInOrderByFlush() {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        output.append("first")
        output.append("the reason for the crash", urgent: true)
        #expect(output.flush(timeout: BusyMachine.patience))
        #expect(
            file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == [
                "first", "the reason for the crash",
            ]
        )
    }

    @Test func anErrorIsKeptEvenWhenLinesAreBeingDropped() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, capacity: 64)
        for number in 1...100 { output.append("line \(number)") }
        output.append("the reason for the crash", urgent: true)
        #expect(output.flush(timeout: BusyMachine.patience))
        let lines = file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        let kept = lines.filter { $0.hasPrefix("line ") }.count
        #expect(kept < 100)
        #expect(kept + (try droppedCount(in: lines)) == 100)
        #expect(output.droppedLineCount == 100 - kept)
        #expect(lines.contains("the reason for the crash"))
    }

    /// The bug of issue 17: with standard output on a pipe nobody read, the writer blocked in `write`, and the next
    /// error, written by the event loop itself, waited for it forever.
    @Test func appendingNeverWaitsForAReaderThatDoesNotReadAndWhatItDropsIsCounted() async throws {
        let pipe = try StalledPipe()
        let output = LogOutput(fileDescriptor: pipe.writeEnd, capacity: 1_000, errorReserve: 200)
        output.append("line 1")
        // The writer has taken line 1 once it calls `write` (which blocks: nobody reads).
        #expect(await eventually { output.systemCalls.load(ordering: .relaxed) >= 1 })
        let appended = await within(BusyMachine.patience) {
            for number in 2...1_000 { output.append("line \(number)") }
            output.append("the database is gone", urgent: true)
            for number in 1_001...2_000 { output.append("line \(number)") }
            return true
        }
        #expect(appended == true)
        // The wait at exit is bounded too.
        #expect(await within(BusyMachine.patience) { output.flush(timeout: .milliseconds(100)) } == false)

        // Now read: the writer gets going, and reports what it dropped where it dropped it.
        let reading = Task.detached {
            await pipe.read { $0.contains("gone") && $0.hasSuffix("nothing read them\n") }
        }
        #expect(await within(BusyMachine.patience) { output.flush(timeout: BusyMachine.patience) } == true)
        let lines = await reading.value.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        let kept = lines.filter { $0.hasPrefix("line ") }
        #expect(kept.first == "line 1")
        #expect(kept.count > 10 && kept.count < 1_000)
        #expect(try droppedCount(in: lines) == 2_000 - kept.count)
        // The error came from the reserve, after the count of the lines dropped before it; the rest were counted last.
        let error = try #require(lines.firstIndex(of: "the database is gone"))
        #expect(lines[error - 1].hasPrefix("warning: "))
        #expect(lines.last?.hasPrefix("warning: ") == true)
    }

    @Test func theWriterSleepsRatherThanSpinsOnAFullNonBlockingDescriptor() async throws {
        let pipe = try StalledPipe(blockingWrites: false)
        let output = LogOutput(fileDescriptor: pipe.writeEnd)
        output.append("waiting")
        // One write that found the pipe full, and one poll that waits: a writer that spun would make thousands of
        // calls while the test gets to read the pipe, so the count once everything is written tells which it did.
        #expect(await eventually { output.systemCalls.load(ordering: .relaxed) >= 2 })
        #expect(output.systemCalls.load(ordering: .relaxed) <= 3)
        let reading = Task.detached { await pipe.read { $0.hasSuffix("waiting\n") } }
        #expect(await within(BusyMachine.patience) { output.flush(timeout: BusyMachine.patience) } == true)
        #expect(await reading.value.hasSuffix(" waiting\n"))
        // And one write once the pipe took more.
        #expect(output.systemCalls.load(ordering: .relaxed) <= 3)
    }

    @Test func theHandlerWritesLevelLabelMessageAndMetadataInNameOrder() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        var logger = Logger(label: "koober.test") { LogOutputHandler(label: $0, output: output) }
        logger[metadataKey: "service"] = "web"
        logger.info("GET /ride 200", metadata: ["request_id": "00ff", "bytes": "9120"])
        logger.debug("not at the default level")
        logger.error("the database is gone")
        output.flush(timeout: BusyMachine.patience)
        let lines = file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        #expect(
            lines == [
                "info koober.test: GET /ride 200 bytes=9120 request_id=00ff service=web",
                "error koober.test: the database is gone service=web",
            ]
        )
    }

    /// The lines the output says it dropped, in all its reports.
    private func droppedCount(in lines: [Substring]) throws -> Int {
        try lines.compactMap { line in
            try #/warning: (\d+) log lines dropped: nothing read them/#.wholeMatch(in: line).map { Int($0.1)! }
        }.reduce(0, +)
    }

    /// What `body` returns, run on a thread of its own, or `nil` if it has not returned within `limit`: something that
    /// must never block then fails its test rather than hangs it.
    private func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () -> T) async -> T? {
        let result = Locked<T?>(nil)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
        }
        _ = await eventually(within: limit) { result.value != nil }
        return result.value
    }
}

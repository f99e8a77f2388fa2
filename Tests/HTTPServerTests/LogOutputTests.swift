#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPServer
import Logging
import Testing

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
        output.flush()
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
        let deadline = ContinuousClock.now + .seconds(20)
        while file.lines.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(file.lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["soon"])
    }

    @Test func anUrgentLineIsWrittenWithEverythingBeforeItBeforeAppendReturns() {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        output.append("first")
        output.append("the reason for the crash", urgent: true)
        #expect(file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == ["first", "the reason for the crash"])
    }

    @Test func anErrorIsKeptEvenWhenLinesAreBeingDropped() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, capacity: 64)
        for number in 1...100 { output.append("line \(number)") }
        output.append("the reason for the crash", urgent: true)
        let lines = file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        let kept = lines.filter { $0.hasPrefix("line ") }.count
        let dropped = try lines.compactMap { line in
            try #/warning: (\d+) log lines dropped: nothing read them/#.wholeMatch(in: line).map { Int($0.1)! }
        }.reduce(0, +)
        #expect(kept < 100)
        #expect(kept + dropped == 100)
        #expect(lines.contains("the reason for the crash"))
    }

    @Test func linesForAReaderThatStopsReadingAreDroppedAndCounted() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        // Fill the pipe, so the writer thread blocks on its first write.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let dots = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
        var filled = 0
        while true {
            let written = write(ends[1], dots, dots.count)
            if written <= 0 { break }
            filled += written
        }
        let output = LogOutput(fileDescriptor: ends[1], capacity: 1_000)
        for number in 1...1_000 {
            output.append("line \(number)")
            if number == 1 { try await Task.sleep(for: .milliseconds(100)) }  // the writer takes line 1 and blocks
        }
        // Now read: the writer gets going, and reports what it dropped after what it kept.
        let (readEnd, filler) = (ends[0], filled)
        let reader = Task.detached {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 { bytes += buffer[..<count] } else { try? await Task.sleep(for: .milliseconds(5)) }
                if String(decoding: bytes, as: UTF8.self).contains("dropped") { break }
            }
            return String(decoding: bytes.dropFirst(filler), as: UTF8.self)
        }
        output.flush()
        let text = await reader.value
        let lines = text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        let kept = lines.filter { $0.hasPrefix("line ") }
        #expect(kept.first == "line 1")
        #expect(kept.count < 1_000)
        #expect(kept.count > 10)
        #expect(lines.last == "warning: \(1_000 - kept.count) log lines dropped: nothing read them")
    }

    @Test func theHandlerWritesLevelLabelMessageAndMetadataInNameOrder() throws {
        let file = LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        var logger = Logger(label: "koober.test") { LogOutputHandler(label: $0, output: output) }
        logger[metadataKey: "service"] = "web"
        logger.info("GET /ride 200", metadata: ["request_id": "00ff", "bytes": "9120"])
        logger.debug("not at the default level")
        logger.error("the database is gone")  // urgent: written with the line before it
        let lines = file.lines.map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        #expect(lines == [
            "info koober.test: GET /ride 200 bytes=9120 request_id=00ff service=web",
            "error koober.test: the database is gone service=web",
        ])
    }
}

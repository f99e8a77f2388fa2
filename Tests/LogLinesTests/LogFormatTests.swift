import Foundation
import Logging
import TestKit
import Testing

@testable import LogLines

@Suite("Log formats")
struct LogFormatTests {
    /// An access-log line as `HTTPRequestHandler` logs it, through the handler, read back from a file.
    private func accessLine(in format: LogFormat) throws -> String {
        let file = LogOutputTests.LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor)
        let logger = Logger(label: "koober") { LogOutputHandler(label: $0, output: output, format: format) }
        logger.info(
            "GET /ride 200",
            metadata: ["bytes": "9120", "duration_ms": "0.61", "request_id": "af9f0016154981e8"]
        )
        #expect(output.flush(timeout: BusyMachine.patience))
        return try #require(file.lines.first)
    }

    @Test func theTextLineIsAsItAlwaysWas() throws {
        let line = try accessLine(in: .text)
        let match = try #require(line.wholeMatch(of: #/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) (.*)/#))
        #expect(match.2 == "info koober: GET /ride 200 bytes=9120 duration_ms=0.61 request_id=af9f0016154981e8")
    }

    @Test func theJSONLineIsOneObjectWithTheSameFieldsInTheSameOrder() throws {
        let line = try accessLine(in: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["timestamp"]?.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#) != nil)
        #expect(object["level"] == "info")
        #expect(object["label"] == "koober")
        #expect(object["message"] == "GET /ride 200")
        #expect(object["bytes"] == "9120")
        #expect(object["duration_ms"] == "0.61")
        #expect(object["request_id"] == "af9f0016154981e8")
        #expect(object.count == 7)
        #expect(
            line.hasSuffix(
                #","message":"GET /ride 200","bytes":"9120","duration_ms":"0.61","request_id":"af9f0016154981e8"}"#
            )
        )
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\path"#, #""C:\\path""#),
        ("two\nlines\r\n", #""two\nlines\r\n""#),
        ("tab\there", #""tab\there""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("nul \u{0} esc \u{1B} us \u{1F}", #""nul \u0000 esc \u001b us \u001f""#),
        ("del \u{7F} stays", "\"del \u{7F} stays\""),
        ("Café, Møller, 東京, 🦘", #""Café, Møller, 東京, 🦘""#),
        ("line\u{2028}para\u{2029}end", #""line\u2028para\u2029end""#),
        ("", #""""#),
    ])
    func stringsAreEscapedAsJSON(text: String, json: String) throws {
        var escaped = ""
        escaped.appendJSONString(text)
        #expect(escaped == json)
        // And a JSON reader gets the text back.
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(escaped)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test func aHostileMessageStaysOneLineAndOneObject() throws {
        let hostile = "x\"}\n{\"level\":\"info\",\"message\":\"forged\\"
        let line = LogFormat.json.line(
            level: .error,
            label: "koober",
            message: hostile,
            metadata: [(key: "path", value: .string(hostile))]
        )
        #expect(!line.contains("\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(("{" + line).utf8)) as? [String: String]
        )
        #expect(object["message"] == hostile)
        #expect(object["path"] == hostile)
        #expect(object["level"] == "error")
    }

    @Test func metadataNamedLikeAFixedFieldCannotHideIt() throws {
        let line = LogFormat.json.line(
            level: .info,
            label: "koober",
            message: "real",
            metadata: [(key: "label", value: "fake"), (key: "message", value: "forged")]
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(("{" + line).utf8)) as? [String: String])
        #expect(object["message"] == "real")
        #expect(object["label"] == "koober")
        #expect(object["metadata.message"] == "forged")
        #expect(object["metadata.label"] == "fake")
    }

    @Test func listsAndDictionariesAreJSONListsAndObjects() throws {
        let line = LogFormat.json.line(
            level: .info,
            label: "koober",
            message: "m",
            metadata: [(key: "nested", value: ["b": ["1", "2"], "a": .stringConvertible(42)])]
        )
        #expect(line.hasSuffix(#","nested":{"a":"42","b":["1","2"]}}"#))
    }

    @Test func theCountOfDroppedLinesIsWrittenInTheFormatOfTheLog() throws {
        let file = LogOutputTests.LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, capacity: 1)
        let logger = Logger(label: "koober") { LogOutputHandler(label: $0, output: output, format: .json) }
        for number in 1...50 { logger.info("line \(number)") }
        #expect(output.flush(timeout: BusyMachine.patience))
        let objects = try file.lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
        }
        let reports = objects.filter { $0["level"] == "warning" }
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0["label"] == nil })
        let dropped = try reports.map { report in
            let count = try #require(report["message"]?.wholeMatch(of: #/(\d+) log lines dropped: nothing read them/#))
            return Int(count.1)!
        }
        #expect(dropped.reduce(0, +) + objects.count - reports.count == 50)
    }
}

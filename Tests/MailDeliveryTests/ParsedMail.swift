import Foundation
import TestKit

/// A message as Python's `email` package reads it (policy.default): its headers decoded, in order, and its two
/// parts' text; the test SMTP server's records add the envelope. Python is the independent reader the encoding is
/// checked against.
struct ParsedMail: Decodable {
    let headers: [[String]]
    let text: String?
    let html: String?
    let defects: [String]
    let mail_from: String?
    let mail_options: [String]?
    let rcpt_tos: [String]?

    /// The header names, in order.
    var headerNames: [String] { headers.compactMap(\.first) }

    /// The one value of `name`, nil when absent or repeated.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
        return values.count == 1 ? values.first : nil
    }

    /// The plain-text part with "\n" line ends.
    var plainText: String? { text?.replacingOccurrences(of: "\r\n", with: "\n") }
    /// The HTML part with "\n" line ends.
    var htmlText: String? { html?.replacingOccurrences(of: "\r\n", with: "\n") }

    private static let script = """
        import email, email.policy, json, sys
        message = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
        def body(subtype):
            part = message.get_body(preferencelist=(subtype,))
            return None if part is None else part.get_content()
        defects = [repr(d) for part in message.walk() for d in part.defects]
        print(json.dumps({"headers": [[k, str(v)] for k, v in message.items()], "text": body("plain"),
                          "html": body("html"), "defects": defects}))
        """

    /// `bytes` read by Python (/usr/bin/python3, Debian's).
    static func parse(_ bytes: [UInt8]) async throws -> ParsedMail {
        let output = try await onOwnThread { try runPython(input: bytes) }
        return try JSONDecoder().decode(ParsedMail.self, from: output)
    }

    /// A record the test SMTP server wrote.
    static func read(_ file: URL) throws -> ParsedMail {
        try JSONDecoder().decode(ParsedMail.self, from: Data(contentsOf: file))
    }

    private static func runPython(input: [UInt8]) throws -> Data {
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString).eml")
        try Data(input).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let process = try SpawnedProcess(
            executable: "/usr/bin/python3", arguments: ["-c", script], input: inputFile.path, output: .pipe)
        let output = process.readOutputToEnd()
        process.waitUntilExit()
        return Data(output)
    }
}

import Logging

/// How a log line is written: readable text, or one JSON object per line for a log system to index.
///
/// ```
/// 2026-11-23T13:46:30Z info koober: GET /ride 200 bytes=9120 duration_ms=0.61 request_id=af9f0016154981e8
/// {"timestamp":"2026-11-23T13:46:30Z","level":"info","label":"koober","message":"GET /ride 200","bytes":"9120","duration_ms":"0.61","request_id":"af9f0016154981e8"}
/// ```
///
/// Both carry the same fields: the time, the level, the logger's label, the message, and every metadata key in name
/// order. Text writes them as they are (a readable line, unchanged since the first release); JSON escapes them, so a
/// quote, backslash or line break in a message cannot end the line or the object early. A metadata key that is one of
/// the four fixed names is written as `metadata.<key>`, so that it cannot hide a fixed field.
///
/// A line is made in two parts: `LogOutput` writes the time (`appendStart`), which it reads under its lock, and the
/// handler makes the rest (`line`) on its own thread beforehand.
public enum LogFormat: String, Sendable, CaseIterable {
    /// `2026-11-23T13:46:30Z info koober: GET /ride 200 bytes=9120`: the format Koober always had.
    case text
    /// One JSON object per line, for a log system to index (`--log-format json`).
    case json

    private static let fixedNames: Set<String> = ["timestamp", "level", "label", "message"]

    /// The start of a line, up to the time: `2026-11-23T13:46:30Z ` or `{"timestamp":"2026-11-23T13:46:30Z",`.
    func appendStart(timestamp: String, to bytes: inout [UInt8]) {
        switch self {
        case .text:
            bytes.append(contentsOf: timestamp.utf8)
            bytes.append(UInt8(ascii: " "))
        case .json:
            bytes.append(contentsOf: #"{"timestamp":""#.utf8)
            bytes.append(contentsOf: timestamp.utf8)
            bytes.append(contentsOf: #"","#.utf8)
        }
    }

    /// The rest of a line after the time, without its newline: `info koober: GET /ride 200 bytes=9120`, or
    /// `"level":"info","label":"koober","message":"GET /ride 200","bytes":"9120"}`. `label` is `nil` for the log's
    /// own lines (its report of dropped lines), which no logger writes. `metadata` must be in name order.
    func line(
        level: Logger.Level,
        label: String?,
        message: String,
        metadata: [(key: String, value: Logger.MetadataValue)]
    ) -> String {
        var line = String()
        line.reserveCapacity(160)
        switch self {
        case .text:
            line.append(level.rawValue)
            if let label {
                line.append(" ")
                line.append(label)
            }
            line.append(": ")
            line.append(message)
            for (key, value) in metadata {
                line.append(" ")
                line.append(key)
                line.append("=")
                line.append(value.description)
            }
        case .json:
            line.append(#""level":"#)
            line.appendJSONString(level.rawValue)
            if let label {
                line.append(#","label":"#)
                line.appendJSONString(label)
            }
            line.append(#","message":"#)
            line.appendJSONString(message)
            for (key, value) in metadata {
                line.append(",")
                line.appendJSONString(Self.fixedNames.contains(key) ? "metadata.\(key)" : key)
                line.append(":")
                line.appendJSON(value)
            }
            line.append("}")
        }
        return line
    }
}

extension String {
    /// Appends `value` as JSON: a string, or a list or object of them (an object's keys in name order).
    fileprivate mutating func appendJSON(_ value: Logger.MetadataValue) {
        switch value {
        case .string(let text):
            appendJSONString(text)
        case .stringConvertible(let convertible):
            appendJSONString(convertible.description)
        case .array(let values):
            append("[")
            for (index, element) in values.enumerated() {
                if index > 0 { append(",") }
                appendJSON(element)
            }
            append("]")
        case .dictionary(let dictionary):
            append("{")
            for (index, (key, element)) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { append(",") }
                appendJSONString(key)
                append(":")
                appendJSON(element)
            }
            append("}")
        }
    }

    /// Appends `text` as a JSON string, in quotes: `"` and `\` escaped, control characters as `\n`, `\t`… or
    /// `\u001b`, and U+2028 and U+2029 as `\u2028` and `\u2029` (JSON allows them raw, but some readers take them
    /// for line ends). Everything else, non-ASCII letters included, is copied as it is, so the line stays UTF-8.
    public mutating func appendJSONString(_ text: String) {
        append("\"")
        let needsEscaping =
            text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            || text.utf8.contains(0xE2) && text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }
        guard needsEscaping else {
            append(text)
            append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append(#"\""#)
            case "\\": append(#"\\"#)
            case "\n": append(#"\n"#)
            case "\r": append(#"\r"#)
            case "\t": append(#"\t"#)
            case "\u{08}": append(#"\b"#)
            case "\u{0C}": append(#"\f"#)
            case "\u{2028}": append(#"\u2028"#)
            case "\u{2029}": append(#"\u2029"#)
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                append(#"\u00"#)
                append(hex.count == 1 ? "0\(hex)" : hex)
            default:
                unicodeScalars.append(scalar)
            }
        }
        append("\"")
    }
}

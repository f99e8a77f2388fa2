/// Quoted-printable (RFC 2045, 6.7): text as 7-bit lines of at most 76 characters, soft breaks (`=` at a line's end)
/// where a line was longer, `=XX` for `=`, non-ASCII and control bytes, and for a space or tab at a line's end.
enum QuotedPrintable {
    /// The longest encoded line, its soft break's `=` included.
    static let longestLine = 76

    /// `lines` (without their line ends) encoded, joined by CRLF (the hard line breaks), with no CRLF at the end.
    static func encode(lines: [ArraySlice<UInt8>]) -> [UInt8] {
        var output: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 { output += [0x0D, 0x0A] }
            encode(line: line, into: &output)
        }
        return output
    }

    private static func encode(line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var lineLength = 0
        for index in line.indices {
            let byte = line[index]
            let isLast = index == line.index(before: line.endIndex)
            let isLiteral =
                (byte == 0x20 || byte == 0x09) ? !isLast : (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=")
            let width = isLiteral ? 1 : 3
            if lineLength + width > longestLine - 1 {
                output += [UInt8(ascii: "="), 0x0D, 0x0A]
                lineLength = 0
            }
            if isLiteral {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "="), hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            }
            lineLength += width
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

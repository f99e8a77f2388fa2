import HTMLReading
import QRCode
import Testing

/// The SVG drawing: well-formed XML, one path covering exactly the dark modules, an empty quiet zone, an escaped label.
@Suite struct QRCodeSVGTests {
    static let otpauth =
        "otpauth://totp/Koober%20Ops:alex%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        + "&issuer=Koober%20Ops&algorithm=SHA1&digits=6&period=30"

    @Test func isWellFormedXMLWithOneBackgroundAndOnePath() throws {
        let code = try QRCode(text: Self.otpauth)
        let svg = QRCodeSVG(pixels: 240, label: "Scan <me> & \"you\" 'too'").render(code)
        #expect(HTMLDocument.isWellFormedXML(svg))
        let document = try HTMLDocument(html: svg)
        let root = try #require(try document.first("//*[local-name()='svg']"))
        let side = code.size + 8
        #expect(root[attribute: "viewbox"] ?? root[attribute: "viewBox"] == "0 0 \(side) \(side)")
        #expect(root[attribute: "width"] == "240")
        #expect(root[attribute: "height"] == "240")
        #expect(root[attribute: "role"] == "img")
        #expect(root[attribute: "aria-label"] == "Scan <me> & \"you\" 'too'")
        #expect(root[attribute: "shape-rendering"] == "crispEdges")
        #expect(try document.all("//*[local-name()='rect']").count == 1)
        #expect(try document.all("//*[local-name()='path']").count == 1)
        #expect(try document.all("//*[local-name()='script']").isEmpty)
        #expect(!svg.contains("href"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""))
    }

    @Test(arguments: [
        ("", ErrorCorrectionLevel.low), (QRCodeSVGTests.otpauth, .medium), (String(repeating: "z", count: 700), .high),
    ])
    func pathCoversExactlyTheDarkModulesInsideTheQuietZone(text: String, level: ErrorCorrectionLevel) throws {
        let code = try QRCode(text: text, level: level)
        let svg = QRCodeSVG().render(code)
        let document = try HTMLDocument(html: svg)
        let path = try #require(try document.first("//*[local-name()='path']")?[attribute: "d"])
        var covered = Array(repeating: Array(repeating: 0, count: code.size + 8), count: code.size + 8)
        var area = 0
        for subpath in path.split(separator: "z") {
            let numbers = subpath.split(whereSeparator: { "Mhv ".contains($0) }).compactMap { Int($0) }
            try #require(numbers.count == 5, "\(subpath)")
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            #expect(numbers[3] == 1 && numbers[4] == -width)
            for column in x..<(x + width) { covered[y][column] += 1 }
            area += width
        }
        let dark = code.matrix.reduce(0) { $0 + $1.count { $0 } }
        #expect(area == dark)
        for y in covered.indices {
            for x in covered[y].indices {
                let inSymbol = (4..<(code.size + 4)).contains(x) && (4..<(code.size + 4)).contains(y)
                let expected = inSymbol && code.matrix[y - 4][x - 4] ? 1 : 0
                #expect(covered[y][x] == expected, "module (\(x), \(y))")
            }
        }
    }

    @Test func withoutALabelTheImageIsHiddenFromScreenReaders() throws {
        let svg = QRCodeSVG().render(try QRCode(text: "Koober"))
        #expect(svg.contains("aria-hidden=\"true\""))
        #expect(!svg.contains("role="))
        let rootTag = svg.prefix { $0 != ">" }
        #expect(!rootTag.contains("width=") && !rootTag.contains("height="))
    }

    @Test func controlCharactersInTheLabelKeepTheDocumentWellFormed() throws {
        let svg = QRCodeSVG(label: "a\u{0}b\u{1B}c\nd\u{FFFF}").render(try QRCode(text: "Koober"))
        #expect(HTMLDocument.isWellFormedXML(svg))
    }
}

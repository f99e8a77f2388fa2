/// A QR code drawn as SVG: a 4-module quiet zone on a white background and one path of the dark modules, each run of
/// dark modules in a row one rectangle. No script, no style sheet, no external reference.
public struct QRCodeSVG: Sendable {
    /// The `width` and `height` attributes in pixels; nil leaves the size to the page.
    public var pixels: Int?
    /// What the image shows, for a screen reader (`role="img"` and `aria-label`); nil marks it `aria-hidden`.
    public var label: String?

    /// Light modules around the symbol, on each side.
    public static let quietZone = 4

    public init(pixels: Int? = nil, label: String? = nil) {
        self.pixels = pixels
        self.label = label
    }

    /// The SVG document of `code`.
    public func render(_ code: QRCode) -> String {
        let side = code.size + 2 * Self.quietZone
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""
        if let pixels {
            svg += " width=\"\(pixels)\" height=\"\(pixels)\""
        }
        if let label {
            svg += " role=\"img\" aria-label=\"\(Self.escaped(label))\""
        } else {
            svg += " aria-hidden=\"true\""
        }
        svg += " shape-rendering=\"crispEdges\">"
        svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
        svg += "<path fill=\"#000\" d=\"\(Self.pathData(code))\"/></svg>"
        return svg
    }

    /// One `M x y h w v1 h-w z` subpath for each horizontal run of dark modules.
    static func pathData(_ code: QRCode) -> String {
        var path = ""
        for (y, row) in code.matrix.enumerated() {
            var x = 0
            while x < row.count {
                guard row[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < row.count && row[x] { x += 1 }
                let width = x - start
                path += "M\(start + quietZone) \(y + quietZone)h\(width)v1h-\(width)z"
            }
        }
        return path
    }

    /// `text` fit for an attribute value: markup characters as entities, characters XML forbids as spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{9}", "\u{A}", "\u{D}": result += "&#\(scalar.value);"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

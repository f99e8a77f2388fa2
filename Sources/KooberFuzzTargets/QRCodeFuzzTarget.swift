import QRCode

/// Koober Ops' enrolment QR code (`QRCode`): the first byte picks the error-correction level, the rest is the payload.
/// Encoding never traps; it refuses only what does not fit version 40, and otherwise gives a square of 17 + 4 × version
/// modules whose three finder patterns are in place, drawn as SVG with the quiet zone and the label escaped.
public struct QRCodeFuzzTarget: FuzzTarget {
    public let name = "qr-code"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let level = ErrorCorrectionLevel.allCases[Int(input.first ?? 0) % ErrorCorrectionLevel.allCases.count]
        let payload = Array(input.dropFirst())
        let code: QRCode
        do {
            code = try QRCode(bytes: payload, level: level)
        } catch {
            guard payload.count > Self.version40Capacity[level.rawValue] else {
                throw FuzzFinding("\(payload.count) bytes refused at \(level), which fit version 40")
            }
            return
        }
        guard (1...40).contains(code.version), (0..<8).contains(code.mask) else {
            throw FuzzFinding("version \(code.version), mask \(code.mask)")
        }
        let size = 17 + 4 * code.version
        guard code.size == size, code.matrix.allSatisfy({ $0.count == size }) else {
            throw FuzzFinding("version \(code.version) gave a matrix of \(code.size) rows, not \(size)")
        }
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            let ring = (0..<7).allSatisfy { code.matrix[top][left + $0] && code.matrix[top + 6][left + $0] }
            let core = code.matrix[top + 3][left + 3] && !code.matrix[top + 1][left + 1]
            guard ring, core else {
                throw FuzzFinding("the finder pattern at (\(left), \(top)) is not drawn")
            }
        }
        let label = String(decoding: payload, as: UTF8.self)
        let svg = QRCodeSVG(pixels: 240, label: label).render(code)
        guard svg.hasPrefix("<svg "), svg.hasSuffix("</svg>"), svg.utf8.count(where: { $0 == UInt8(ascii: "<") }) == 4
        else {
            throw FuzzFinding("the SVG has markup the label put there")
        }
    }

    /// The bytes version 40 holds at levels L, M, Q and H (ISO/IEC 18004, table 7).
    private static let version40Capacity = [2953, 2331, 1663, 1273]
}

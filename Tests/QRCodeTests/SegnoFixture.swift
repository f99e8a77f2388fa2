import Foundation
import QRCode
import Testing

/// `Fixtures/segno.json`, written by `scripts/make-qr-fixtures`: QR codes and tables made by segno, the reference.
struct SegnoFixture: Decodable {
    /// One QR code segno made: its input, level, version, mask and modules (rows of "0" and "1", "1" dark).
    struct Code: Decodable, CustomTestStringConvertible {
        let name: String
        let hex: String
        let level: String
        let version: Int
        let mask: Int
        let matrix: [String]

        var testDescription: String { name }

        var bytes: [UInt8] {
            let digits = Array(hex.utf8)
            return stride(from: 0, to: digits.count - 1, by: 2).compactMap { index in
                UInt8(String(decoding: digits[index...(index + 1)], as: UTF8.self), radix: 16)
            }
        }
    }

    /// One version at one level in segno's tables; `blocks` lists (count, codewords, data codewords) groups.
    struct Table: Decodable, CustomTestStringConvertible {
        let version: Int
        let level: String
        let byteCapacity: Int
        let blocks: [[Int]]
        let alignment: [Int]

        var testDescription: String { "version \(version)-\(level)" }
    }

    let codes: [Code]
    let tables: [Table]

    static let shared: SegnoFixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/segno.json")
        do {
            return try JSONDecoder().decode(SegnoFixture.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error); run scripts/make-qr-fixtures")
        }
    }()

    static func level(_ letter: String) -> ErrorCorrectionLevel? {
        ["L": .low, "M": .medium, "Q": .quartile, "H": .high][letter]
    }
}

import Testing

@testable import QRCode

/// The encoder against segno, module for module (`scripts/make-qr-fixtures`).
@Suite struct QRCodeReferenceTests {
    @Test(arguments: SegnoFixture.shared.codes)
    func matrixIsSegnos(code: SegnoFixture.Code) throws {
        let level = try #require(SegnoFixture.level(code.level))
        let qr = try QRCode(bytes: code.bytes, level: level)
        #expect(qr.version == code.version)
        #expect(qr.mask == code.mask)
        let rows = qr.matrix.map { row in String(row.map { $0 ? "1" : "0" }) }
        #expect(rows.count == code.matrix.count)
        for (index, (ours, theirs)) in zip(rows, code.matrix).enumerated() {
            #expect(ours == theirs, "row \(index)")
        }
    }

    @Test(arguments: SegnoFixture.shared.tables)
    func tablesAreSegnos(table: SegnoFixture.Table) throws {
        let level = try #require(SegnoFixture.level(table.level))
        let version = try #require(QRVersion(table.version))
        let capacity = (8 * version.dataCodewords(level) - 4 - version.characterCountBits) / 8
        #expect(capacity == table.byteCapacity)
        #expect(version.alignmentPositions == table.alignment)
        #expect(version.blockCount(level) == table.blocks.map { $0[0] }.reduce(0, +))
        #expect(version.totalCodewords == table.blocks.map { $0[0] * $0[1] }.reduce(0, +))
        for group in table.blocks {
            #expect(group[1] - group[2] == version.errorCorrectionPerBlock(level))
        }
    }

    @Test func theNextByteAtAVersionsCapacityMovesToTheNextVersion() throws {
        for level in ErrorCorrectionLevel.allCases {
            for number in [1, 2, 6, 9, 13] {
                let version = try #require(QRVersion(number))
                let capacity = (8 * version.dataCodewords(level) - 4 - version.characterCountBits) / 8
                let full = [UInt8](repeating: 0x41, count: capacity)
                #expect(try QRCode(bytes: full, level: level).version == number)
                #expect(try QRCode(bytes: full + [0x41], level: level).version == number + 1)
            }
        }
    }

    @Test func versionAndFormatInformationAreTheStandardsExamples() {
        // ISO/IEC 18004 annex C and D: version 7's information, and level M with mask 5.
        #expect(QRCode.versionBits(7) == 0b00_0111_1100_1001_0100)
        #expect(QRCode.formatBits(level: .medium, mask: 5) == 0b100_0000_1100_1110)
    }

    @Test func reedSolomonMatchesAKnownBlock() {
        // Version 1-M "01234567" in numeric mode, from the standard's annex I.
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let expected: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10) == expected)
    }
}

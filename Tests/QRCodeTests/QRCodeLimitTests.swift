import QRCode
import Testing

/// What does not fit version 40 is refused with a typed error, and nothing traps.
@Suite struct QRCodeLimitTests {
    @Test(arguments: [
        (ErrorCorrectionLevel.low, 2953), (.medium, 2331), (.quartile, 1663), (.high, 1273),
    ])
    func version40sCapacityFitsAndOneByteMoreIsRefused(level: ErrorCorrectionLevel, capacity: Int) throws {
        #expect(try QRCode(bytes: Array(repeating: 0xFF, count: capacity), level: level).version == 40)
        #expect(throws: QRCodeError.dataTooLong(byteCount: capacity + 1, level: level)) {
            try QRCode(bytes: Array(repeating: 0xFF, count: capacity + 1), level: level)
        }
        #expect(throws: QRCodeError.self) {
            try QRCode(bytes: Array(repeating: 0, count: 100_000), level: level)
        }
    }

    @Test func everySizeOfSmallInputEncodesAtEveryLevel() throws {
        for level in ErrorCorrectionLevel.allCases {
            for count in 0..<80 {
                let code = try QRCode(bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 * 71) }, level: level)
                #expect(code.size == 17 + 4 * code.version)
                #expect(code.matrix.allSatisfy { $0.count == code.size })
            }
        }
    }
}

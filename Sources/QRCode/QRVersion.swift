/// One of the 40 sizes of a QR code, with its tables (ISO/IEC 18004, tables 1, 9 and annex E).
struct QRVersion {
    /// 1 to 40.
    let number: Int

    init?(_ number: Int) {
        guard (1...40).contains(number) else { return nil }
        self.number = number
    }

    /// Modules on a side: 21 for version 1, 4 more for each version after.
    var size: Int { 17 + 4 * number }

    /// The rows (and columns) of the alignment patterns' centres.
    var alignmentPositions: [Int] { Self.alignmentPositions[number - 1] }

    /// Bits a byte-mode character count takes.
    var characterCountBits: Int { number < 10 ? 8 : 16 }

    /// The error-correction codewords of each block at `level`.
    func errorCorrectionPerBlock(_ level: ErrorCorrectionLevel) -> Int {
        Self.errorCorrectionPerBlock[level.rawValue][number - 1]
    }

    /// The number of blocks the codewords are split into at `level`.
    func blockCount(_ level: ErrorCorrectionLevel) -> Int {
        Self.blockCounts[level.rawValue][number - 1]
    }

    /// Every codeword the symbol holds, data and error correction: the modules the function patterns, the format and
    /// the version information leave, over 8 (the formula of Project Nayuki's QR code generator).
    var totalCodewords: Int {
        var modules = (16 * number + 128) * number + 64
        let alignments = alignmentPositions.count
        if alignments > 0 {
            modules -= (25 * alignments - 10) * alignments - 55
        }
        if number >= 7 { modules -= 36 }
        return modules / 8
    }

    /// The data codewords at `level`.
    func dataCodewords(_ level: ErrorCorrectionLevel) -> Int {
        totalCodewords - errorCorrectionPerBlock(level) * blockCount(level)
    }

    private static let errorCorrectionPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    private static let blockCounts: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    private static let alignmentPositions: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]
}

/// A QR code (ISO/IEC 18004, model 2) of a byte string, in byte mode, at the smallest version that holds it, with the
/// mask of lowest penalty.
public struct QRCode: Sendable, Equatable {
    /// 1 to 40.
    public let version: Int
    public let level: ErrorCorrectionLevel
    /// The data mask pattern chosen, 0 to 7.
    public let mask: Int
    /// The modules, `size` rows of `size`, each true when dark. The quiet zone is not included.
    public let matrix: [[Bool]]

    /// Modules on a side: 17 + 4 × `version`.
    public var size: Int { matrix.count }

    /// Encodes `bytes`; throws `QRCodeError.dataTooLong` when they do not fit version 40 at `level`.
    public init(bytes: [UInt8], level: ErrorCorrectionLevel = .medium) throws(QRCodeError) {
        guard
            let version = (1...40).lazy.compactMap(QRVersion.init).first(where: { version in
                4 + version.characterCountBits + 8 * bytes.count <= 8 * version.dataCodewords(level)
            })
        else {
            throw .dataTooLong(byteCount: bytes.count, level: level)
        }
        let codewords = Self.codewords(bytes, version: version, level: level)
        var grid = ModuleGrid(version: version)
        grid.place(codewords)
        var bestMask = 0
        var bestPenalty = Int.max
        for mask in 0..<8 {
            var masked = grid
            masked.applyMask(mask)
            let penalty = MaskPenalty.score(masked.rows)
            if penalty < bestPenalty {
                bestMask = mask
                bestPenalty = penalty
            }
        }
        grid.applyMask(bestMask)
        grid.drawFormat(bits: Self.formatBits(level: level, mask: bestMask))
        if version.number >= 7 {
            grid.drawVersion(bits: Self.versionBits(version.number))
        }
        self.version = version.number
        self.level = level
        self.mask = bestMask
        self.matrix = grid.rows
    }

    /// Encodes the UTF-8 bytes of `text`.
    public init(text: String, level: ErrorCorrectionLevel = .medium) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), level: level)
    }

    /// The data codewords (mode, count, bytes, terminator, padding), split into blocks with their error correction,
    /// interleaved (ISO/IEC 18004, 7.4 to 7.6).
    static func codewords(_ bytes: [UInt8], version: QRVersion, level: ErrorCorrectionLevel) -> [UInt8] {
        let capacity = version.dataCodewords(level)
        var bits = BitBuffer()
        bits.append(0b0100, length: 4)
        bits.append(bytes.count, length: version.characterCountBits)
        for byte in bytes { bits.append(Int(byte), length: 8) }
        bits.append(0, length: min(4, max(capacity * 8 - bits.count, 0)))
        var data = bits.bytes
        for pad in 0..<max(capacity - data.count, 0) {
            data.append(pad % 2 == 0 ? 0xEC : 0x11)
        }

        let blockCount = version.blockCount(level)
        let errorCorrection = version.errorCorrectionPerBlock(level)
        let total = version.totalCodewords
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - errorCorrection
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            let end = min(start + length, data.count)
            dataBlocks.append(Array(data[min(start, end)..<end]))
            start = end
        }
        var result: [UInt8] = []
        for index in 0...shortDataLength {
            for block in dataBlocks where index < block.count {
                result.append(block[index])
            }
        }
        let corrections = dataBlocks.map { ReedSolomon.errorCorrection(for: $0, count: errorCorrection) }
        for index in 0..<errorCorrection {
            for block in corrections where index < block.count {
                result.append(block[index])
            }
        }
        return result
    }

    /// The level and mask with their BCH(15, 5) code, masked with 101010000010010.
    static func formatBits(level: ErrorCorrectionLevel, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The version with its BCH(18, 6) code.
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}

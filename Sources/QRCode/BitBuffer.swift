/// Bits appended most significant first, read as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the `length` low bits of `value`.
    mutating func append(_ value: Int, length: Int) {
        for shift in stride(from: length - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes, the last one padded with zeros.
    var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit {
            result[index / 8] |= UInt8(0x80 >> (index % 8))
        }
        return result
    }
}

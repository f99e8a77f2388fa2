/// Reed–Solomon error correction over GF(256) with the polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D).
enum ReedSolomon {
    /// The `count` error-correction codewords of `data`.
    static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        let divisor = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ (remainder.first ?? 0)
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= multiply(divisor[index], factor)
            }
        }
        return remainder
    }

    /// The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest term first, its leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        guard degree > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in result.indices {
                result[index] = multiply(result[index], root)
                if index + 1 < result.count {
                    result[index] ^= result[index + 1]
                }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The product of two elements of GF(256), by shifts and adds.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        var product = 0
        let x = Int(left)
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(right) >> bit) & 1) * x
        }
        return UInt8(product & 0xFF)
    }
}

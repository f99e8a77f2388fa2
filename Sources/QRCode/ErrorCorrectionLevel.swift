/// How much of a QR code may be damaged and still be read: about 7 % (L), 15 % (M), 25 % (Q) or 30 % (H).
public enum ErrorCorrectionLevel: Int, Sendable, CaseIterable {
    case low = 0
    case medium = 1
    case quartile = 2
    case high = 3

    /// The level's two bits in the format information (ISO/IEC 18004, table 12).
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, Sendable {
    /// The data does not fit version 40 at the asked error-correction level.
    case dataTooLong(byteCount: Int, level: ErrorCorrectionLevel)
}

/// Why a query string or form body could not be decoded.
public enum FormDecodingError: Error, Equatable, Sendable {
    /// A `%` not followed by two hex digits.
    case invalidPercentEscape
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// More fields than `URLEncodedForm.maximumFieldCount`.
    case tooManyFields
}

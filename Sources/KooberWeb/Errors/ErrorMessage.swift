/// An error a user can read: a title and a message, shown in the error panel of the page where it happened,
/// and, for forms, what is wrong with each field at fault (keyed by the field's name).
public struct ErrorMessage: Error, Equatable, Sendable, Encodable {
    public let title: String
    public let message: String
    public let fieldErrors: [String: String]

    public init(title: String, message: String, fieldErrors: [String: String] = [:]) {
        self.title = title
        self.message = message
        self.fieldErrors = fieldErrors
    }
}

/// An error a user can read: a title and a message, shown in the error panel of the page where it happened.
public struct ErrorMessage: Error, Equatable, Sendable {
    public let title: String
    public let message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

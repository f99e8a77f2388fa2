/// What a visitor types into Sign Up.
public struct NewAccount: Equatable, Sendable {
    public let name: String
    public let nickname: String
    public let email: String
    public let mobileNumber: String
    public let password: String

    public init(name: String, nickname: String, email: String, mobileNumber: String, password: String) {
        self.name = name
        self.nickname = nickname
        self.email = email
        self.mobileNumber = mobileNumber
        self.password = password
    }
}

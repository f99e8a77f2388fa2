/// Who a rider is, as shown on My Profile.
public struct UserProfile: Equatable, Sendable {
    public let id: UserID
    public let name: String
    public let nickname: String
    public let email: String
    public let mobileNumber: String

    public init(id: UserID, name: String, nickname: String, email: String, mobileNumber: String) {
        self.id = id
        self.name = name
        self.nickname = nickname
        self.email = email
        self.mobileNumber = mobileNumber
    }
}

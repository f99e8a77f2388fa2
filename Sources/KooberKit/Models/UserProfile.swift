/// Who a rider is, as shown on My Profile.
public struct UserProfile: Equatable, Sendable {
    public let id: UserID
    public let name: String
    public let nickname: String
    public let email: String
    public let mobileNumber: String
    /// The language the rider chose (the Language form), kept on the account: their pages on every device and their
    /// mail are in it. `nil` until they choose (their browser's then decides).
    public let language: Language?

    public init(
        id: UserID, name: String, nickname: String, email: String, mobileNumber: String, language: Language? = nil
    ) {
        self.id = id
        self.name = name
        self.nickname = nickname
        self.email = email
        self.mobileNumber = mobileNumber
        self.language = language
    }
}

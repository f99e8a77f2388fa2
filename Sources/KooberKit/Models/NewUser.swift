/// A validated account ready to store: the email normalised, the password only as its hash.
public struct NewUser: Equatable, Sendable {
    public let name: String
    public let nickname: String
    /// Trimmed and lower-cased (`EmailAddress.normalize`): emails are unique case-insensitively.
    public let email: String
    public let mobileNumber: String
    /// An argon2id hash in PHC string format.
    public let passwordHash: String
    /// The link that confirms the email, stored with the account and its message queued in the same transaction
    /// (Sign Up's); `nil` for accounts made otherwise (the demo account, seeding).
    public let confirmation: AccountLinkIssue?
    /// The language the rider signed up in (the page's), kept on the account; `nil` for accounts made otherwise.
    public let language: Language?

    public init(
        name: String, nickname: String, email: String, mobileNumber: String, passwordHash: String,
        confirmation: AccountLinkIssue? = nil, language: Language? = nil
    ) {
        self.language = language
        self.name = name
        self.nickname = nickname
        self.email = email
        self.mobileNumber = mobileNumber
        self.passwordHash = passwordHash
        self.confirmation = confirmation
    }
}

import KooberKit

/// `POST /signUp`'s body, `NewAccount` of the book's app: `{"fullName", "nickname", "email", "mobileNumber",
/// "password"}`, every key required and no other taken.
struct CloudNewAccount: Decodable, Sendable {
    let account: NewAccount

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fullName, nickname, email, mobileNumber, password
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        account = NewAccount(
            name: try values.decode(String.self, forKey: .fullName),
            nickname: try values.decode(String.self, forKey: .nickname),
            email: try values.decode(String.self, forKey: .email),
            mobileNumber: try values.decode(String.self, forKey: .mobileNumber),
            password: try values.decode(String.self, forKey: .password))
    }

    /// The API's name for each of Sign Up's fields, so that a field error names the key the client sent.
    static func key(for field: AccountField) -> String {
        let key: CodingKeys =
            switch field {
            case .name: .fullName
            case .nickname: .nickname
            case .email: .email
            case .mobileNumber: .mobileNumber
            case .password, .currentPassword, .newPassword: .password
            }
        return key.stringValue
    }
}

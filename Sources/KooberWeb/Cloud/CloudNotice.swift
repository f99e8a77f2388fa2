import KooberKit

/// `POST /api/v1/password/forgot`'s body: `{"email"}`, no other key taken.
struct CloudForgotPasswordRequest: Decodable, Sendable {
    let email: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case email
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        email = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .email)
    }
}

/// What Koober Cloud answers when a request was taken (202): `{"notice": {"title", "message"}}`, the pages' words, as
/// an error is `{"error": {"title", "message"}}`.
struct CloudNotice: Encodable, Sendable {
    struct Detail: Encodable, Sendable {
        let title: String
        let message: String
    }

    let notice: Detail

    init(_ message: ErrorMessage) {
        notice = Detail(title: message.title, message: message.message)
    }
}

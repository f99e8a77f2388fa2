/// `POST /api/v1/rides/{id}/rating`'s body: `{"stars", "compliments", "tipCents"}` (compliments and the tip
/// optional; compliments as `Compliment`'s raw values, the tip in whole cents, 50 to 5000).
struct CloudRatingRequest: Decodable, Sendable {
    let stars: Int
    let compliments: [String]
    let tipCents: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case stars, compliments, tipCents
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        stars = try values.decode(Int.self, forKey: .stars)
        compliments = try values.decodeIfPresent([String].self, forKey: .compliments) ?? []
        tipCents = try values.decodeIfPresent(Int.self, forKey: .tipCents)
    }
}

/// `POST /api/v1/rides/{id}/report`'s body: `{"category", "text"}` (`ProblemCategory`'s raw values, 1 to 1,000
/// characters).
struct CloudReportRequest: Decodable, Sendable {
    let category: String
    let text: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case category, text
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        category = try values.decode(String.self, forKey: .category)
        text = try values.decode(String.self, forKey: .text)
    }
}

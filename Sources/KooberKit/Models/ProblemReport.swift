import Foundation

/// What a rider's problem with a ride is about (SPEC.md, "Report a Problem"); the raw values are what forms, the API
/// and storage carry.
public enum ProblemCategory: String, CaseIterable, Hashable, Sendable {
    case fare
    case route
    case lostItem = "lost_item"
    case safety
    case somethingElse = "something_else"
}

/// A rider's report of a problem with one ride: one per ride, kept as sent.
public struct ProblemReport: Equatable, Sendable {
    /// What happened: 1 to 1,000 characters.
    public static let textLimit = FieldLimit(maximum: 1_000, unit: .characters)

    public let category: ProblemCategory
    public let text: String
    public let reportedAt: Date

    public init(category: ProblemCategory, text: String, reportedAt: Date) {
        self.category = category
        self.text = text
        self.reportedAt = reportedAt
    }
}

import Foundation
import KooberKit

/// Rate Your Ride as a finished ride's page and its receipt show it: the stars, the compliments and, until a tip is
/// given, the tip, with what the rider chose (stored, or sent with a field error) checked and each field's problem
/// tied to it.
struct RatingFormViewState: Sendable, Encodable {
    struct Choice: Sendable, Encodable {
        let id: String
        let value: String
        let label: String
        let checked: Bool
    }

    let ratingAction: String
    let starChoices: [Choice]
    let complimentChoices: [Choice]
    /// `nil` once a tip was given: it cannot be given again.
    let tipChoices: [Choice]?
    let tipOffered: Bool
    let tipOtherAmount: String
    let starsProblem: String?
    let complimentsProblem: String?
    let tipProblem: String?
    /// The ids describing the Other amount's field (its hint, and its error).
    let tipOtherDescribedBy: String

    /// The form, or `nil` when the ride cannot be rated at `now` (not finished, over 7 days, or rated over 24 hours
    /// ago). `sent` is what the rider sent, shown again with `problems`.
    init?(
        record: RideRecord, now: Date, sent: RatingForm? = nil, problems: [RideFeedbackField: String] = [:],
        _ words: Words
    ) {
        let ride = record.ride
        let stored = record.feedback.rating
        guard RideFeedbackPolicy.canRate(ride, at: now),
            stored.map({ RideFeedbackPolicy.canChange($0, at: now) }) ?? true
        else { return nil }
        ratingAction = Route.ratingPath(for: ride.id)
        let stars = sent?.stars ?? stored?.stars.value
        starChoices = Stars.range.compactMap(Stars.init).map { choice in
            Choice(
                id: "stars-\(choice.value)", value: "\(choice.value)", label: choice.text(words),
                checked: stars == choice.value)
        }
        let compliments = sent.map { Set($0.compliments) } ?? Set((stored?.compliments ?? []).map(\.rawValue))
        complimentChoices = Compliment.allCases.map { compliment in
            Choice(
                id: "compliment-\(compliment.rawValue)", value: compliment.rawValue, label: compliment.text(words),
                checked: compliments.contains(compliment.rawValue))
        }
        if stored?.tip == nil {
            let chosen = sent?.tipChoice ?? RatingForm.noTip
            let options =
                [(RatingForm.noTip, words("rating.noTip")), ("100", "A$1"), ("200", "A$2"), ("500", "A$5")]
                + [(RatingForm.otherTip, words("rating.otherTip"))]
            tipChoices = options.map { value, label in
                Choice(id: "tip-choice-\(value)", value: value, label: label, checked: chosen == value)
            }
        } else {
            tipChoices = nil
        }
        tipOffered = tipChoices != nil
        tipOtherAmount = sent?.otherAmount ?? ""
        starsProblem = problems[.stars]
        complimentsProblem = problems[.compliments]
        tipProblem = problems[.tip]
        tipOtherDescribedBy = tipProblem == nil ? "tip-other-hint" : "tip-other-hint tip-other-error"
    }
}

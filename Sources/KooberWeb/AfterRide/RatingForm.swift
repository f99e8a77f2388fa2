import HTTPServer
import KooberKit

/// Rate Your Ride's form as sent, its values capped before anything reads them: the stars (`nil` when none was
/// chosen, 0 when what was sent is no number of stars), the compliments' raw values, and the tip chosen.
struct RatingForm: Equatable, Sendable {
    /// The tip radio group's values besides the amounts in cents.
    static let noTip = "none"
    static let otherTip = "other"
    /// The most compliments read: more than Koober has is forged anyway, and says so.
    static let maximumCompliments = Compliment.allCases.count + 1

    let stars: Int?
    let compliments: [String]
    /// The tip radio's value as sent (`nil` when the form had no tip part: a tip was already given).
    let tipChoice: String?
    /// **Other**'s amount as typed, shown again with a field error.
    let otherAmount: String

    init(stars: Int?, compliments: [String], tipChoice: String?, otherAmount: String) {
        self.stars = stars
        self.compliments = compliments
        self.tipChoice = tipChoice
        self.otherAmount = otherAmount
    }

    init(_ form: URLEncodedForm) {
        let starsText = form[.stars]
        stars = starsText.map { text in text.utf8.count <= 2 ? Int(text) ?? 0 : 0 }
        compliments = Array(form.values(for: FormFieldName.compliment.rawValue).prefix(Self.maximumCompliments))
        tipChoice = form[.tip].map { String($0.prefix(8)) }
        otherAmount = String((form[.tipOther] ?? "").prefix(TipAmount.maximumTextLength + 1))
    }

    /// The tip as the use case takes it: a forged value is an amount no tip can be (a field error).
    var tip: TipChoice {
        switch tipChoice {
        case nil, Self.noTip: .none
        case Self.otherTip: .dollars(otherAmount)
        case let value?: .cents(value.utf8.count <= 4 ? Int(value) ?? -1 : -1)
        }
    }
}

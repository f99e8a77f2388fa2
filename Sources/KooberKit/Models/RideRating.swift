import Foundation

/// A rider's rating of a finished ride: the stars and compliments (changeable for a while after `firstRatedAt`), and
/// the tip, once given never changed.
public struct RideRating: Equatable, Sendable {
    public let stars: Stars
    public let compliments: Set<Compliment>
    public let tip: TipAmount?
    public let firstRatedAt: Date

    public init(stars: Stars, compliments: Set<Compliment>, tip: TipAmount?, firstRatedAt: Date) {
        self.stars = stars
        self.compliments = compliments
        self.tip = tip
        self.firstRatedAt = firstRatedAt
    }
}

/// What a rider sends to rate a ride, checked: stars, compliments, and a tip if one is given with it.
public struct RatingSubmission: Equatable, Sendable {
    public let stars: Stars
    public let compliments: Set<Compliment>
    public let tip: TipAmount?

    public init(stars: Stars, compliments: Set<Compliment>, tip: TipAmount?) {
        self.stars = stars
        self.compliments = compliments
        self.tip = tip
    }
}

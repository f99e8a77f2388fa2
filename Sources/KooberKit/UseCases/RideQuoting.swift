import Foundation

/// What Confirm and Schedule refuse alike when they quote a trip (`RideQuote.quoting`): each use case's error has
/// these three cases.
public protocol RideQuoteRefusal: Error {
    /// A pick-up beyond `RequestRideUseCase.serviceRadiusKilometres` of Sydney's centre.
    static var pickupOutsideSydney: Self { get }
    static var noRideOptionChosen: Self { get }
    /// The form named an option that doesn't exist (forged).
    static var unknownRideOption: Self { get }
}

extension RequestRideError: RideQuoteRefusal {}
extension BookScheduledRideError: RideQuoteRefusal {}

extension RideQuote {
    /// Confirm's and Schedule's one quoting step, in one order: the pick-up within Koober's Sydney, then the drop-off
    /// (`dropoff`, which throws its own errors), then the option the form named, with its fare for the trip from
    /// `pickup` to the drop-off. Throws `Refusal`'s case for the first of those that is wrong.
    static func quoting<Refusal: RideQuoteRefusal>(
        optionID: String?, from pickup: Location, to dropoff: () async throws -> NamedLocation,
        refusedAs _: Refusal.Type
    ) async throws -> (dropoff: NamedLocation, quote: RideQuote) {
        guard pickup.kilometres(to: SydneyLocator.sydney) <= RequestRideUseCase.serviceRadiusKilometres else {
            throw Refusal.pickupOutsideSydney
        }
        let place = try await dropoff()
        guard let optionID, !optionID.isEmpty else { throw Refusal.noRideOptionChosen }
        guard let option = RideOption.withID(optionID) else { throw Refusal.unknownRideOption }
        let fare = option.fareCents(forKilometres: pickup.kilometres(to: place.location))
        return (place, RideQuote(option: option, fareCents: fare))
    }
}

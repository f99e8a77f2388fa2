import HTTPServer
import KooberKit

/// What a rider can do on Where To?.
protocol DropoffPickerIxResponder {
    /// `dropoffLocationID` is `nil` when the form named no place or not a number.
    func select(dropoffLocationID: PlaceID?) async throws -> Response
}

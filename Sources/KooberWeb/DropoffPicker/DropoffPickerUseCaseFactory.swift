import KooberKit

protocol DropoffPickerUseCaseFactory {
    func makeLoadDropoffChoicesUseCase(query: String) -> LoadDropoffChoicesUseCase
    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase
    func makeSelectDropoffLocationUseCase(placeID: PlaceID) -> SelectDropoffLocationUseCase
}

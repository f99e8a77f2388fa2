import KooberKit

protocol DropoffPickerUseCaseFactory {
    func makeSearchDropoffLocationsUseCase(query: String) -> SearchDropoffLocationsUseCase
    func makeSelectDropoffLocationUseCase(placeID: PlaceID) -> SelectDropoffLocationUseCase
}

import KooberKit

protocol SavedPlacesUseCaseFactory {
    func makeLoadSavedPlacesUseCase() -> LoadSavedPlacesUseCase
    func makeLoadPlaceUseCase(placeID: PlaceID) -> LoadPlaceUseCase
    func makeSavePlaceUseCase(label: String, placeID: PlaceID?) -> SavePlaceUseCase
    func makeRenameSavedPlaceUseCase(label: String, newLabel: String) -> RenameSavedPlaceUseCase
    func makeRemoveSavedPlaceUseCase(label: String) -> RemoveSavedPlaceUseCase
}

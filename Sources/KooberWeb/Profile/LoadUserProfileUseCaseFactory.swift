import KooberKit

protocol LoadUserProfileUseCaseFactory {
    func makeLoadUserProfileUseCase() -> LoadUserProfileUseCase
}

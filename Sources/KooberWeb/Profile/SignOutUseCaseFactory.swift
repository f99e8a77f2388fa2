import KooberKit

protocol SignOutUseCaseFactory {
    func makeSignOutUseCase() -> SignOutUseCase
}

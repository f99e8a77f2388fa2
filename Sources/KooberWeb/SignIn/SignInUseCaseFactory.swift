import KooberKit

protocol SignInUseCaseFactory {
    func makeSignInUseCase(email: String, password: String) -> SignInUseCase
}

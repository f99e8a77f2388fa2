import KooberKit

protocol SignUpUseCaseFactory {
    func makeSignUpUseCase(account: NewAccount) -> SignUpUseCase
}

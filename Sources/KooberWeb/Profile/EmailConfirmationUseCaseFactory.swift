import KooberKit

/// Whether the rider's email is confirmed (My Profile, with the profile), and **Send Confirmation Email**.
protocol EmailConfirmationUseCaseFactory {
    func makeLoadEmailConfirmationUseCase() -> LoadEmailConfirmationUseCase
    func makeSendEmailConfirmationUseCase() -> SendEmailConfirmationUseCase
}

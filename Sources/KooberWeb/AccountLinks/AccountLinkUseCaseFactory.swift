import KooberKit

/// The use cases of the mailed links' pages: Forgot Password, the reset link and the confirmation link.
protocol AccountLinkUseCaseFactory {
    func makeRequestPasswordResetUseCase(email: String) -> RequestPasswordResetUseCase
    func makeResetPasswordUseCase(token: String, newPassword: String) -> ResetPasswordUseCase
    func makeConfirmEmailUseCase(token: String) -> ConfirmEmailUseCase
}

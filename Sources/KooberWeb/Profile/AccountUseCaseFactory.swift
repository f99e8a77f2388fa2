import KooberKit

/// The use cases that change a rider's account, for My Profile's forms.
protocol AccountUseCaseFactory {
    func makeEditProfileUseCase(name: String, nickname: String, mobileNumber: String) -> EditProfileUseCase
    func makeChangePasswordUseCase(currentPassword: String, newPassword: String) -> ChangePasswordUseCase
    func makeSignOutEverywhereUseCase() -> SignOutEverywhereUseCase
    func makeDeleteAccountUseCase(password: String) -> DeleteAccountUseCase
}

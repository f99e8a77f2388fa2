/// The Language form: a signed-in rider's choice is kept on the account (their pages on every device, and their
/// mail, are in it); a visitor's lives only in their browser's cookie, which the web layer sets.
public struct ChooseLanguageUseCase: Sendable {
    let language: Language
    /// The rider choosing, when signed in.
    let riderID: UserID?
    let userRepository: any UserRepository

    public init(language: Language, riderID: UserID?, userRepository: any UserRepository) {
        self.language = language
        self.riderID = riderID
        self.userRepository = userRepository
    }

    public func run() async throws {
        guard let riderID else { return }
        try await userRepository.setLanguage(language, for: riderID)
    }
}

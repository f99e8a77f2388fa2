/// The Welcome page: the brand and the two ways in.
struct WelcomeViewState: Sendable, Encodable {
    let signInPath = Route.signIn.path
    let signUpPath = Route.signUp.path
}

import HTTPServer
import KooberKit

/// What the layout shows at the foot of every rider's page besides its words: the Language form, which posts the
/// choice with the page's form token and the address to come back to.
struct LayoutViewState: Encodable {
    struct LanguageChoice: Encodable {
        let tag: String
        let name: String
        let direction: String
        let current: Bool
    }

    struct LanguageForm: Encodable {
        let action: String
        let csrfToken: String
        let returnTo: String
        let languages: [LanguageChoice]
    }

    let languageForm: LanguageForm

    /// `returnTo`: the request of the page the form is on, which it comes back to (its address with the query of a
    /// `GET`); an address that is no `ReturnPath` comes back to Koober's front page.
    init(language: Language, csrfToken: String, returnTo request: Request) {
        let address = request.method == .GET ? request.uri : request.path
        languageForm = LanguageForm(
            action: Route.chooseLanguage.path, csrfToken: csrfToken,
            returnTo: ReturnPath(address)?.value ?? Route.launch.path,
            languages: Language.allCases.map {
                LanguageChoice(
                    tag: $0.tag, name: $0.ownName, direction: $0.isRightToLeft ? "rtl" : "ltr", current: $0 == language)
            })
    }
}

/// An address on this site to come back to after the Language form: a path (with its query), never another site's
/// (`//host`, `/\host`), never longer than 2,048 bytes, and without control characters.
struct ReturnPath: Equatable {
    static let maximumLength = 2048

    let value: String

    init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength, text.hasPrefix("/"), !text.hasPrefix("//"),
            !text.hasPrefix("/\\"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        value = text
    }
}

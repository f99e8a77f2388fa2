/// What a session was started for, and so the one door it opens (SPEC.md, Koober Cloud): a browser's cookie (`web`)
/// opens the pages, a Koober Cloud token (`api`) the JSON API. The pages never accept a token and the API never a
/// cookie, so no cross-site form can ride on a token (the API has no CSRF to defend), and a token copied out of an
/// app is no key to the pages. Both kinds end together at Sign Out Everywhere, a password change and deletion.
public enum SessionKind: String, CaseIterable, Sendable {
    case web
    case api
}

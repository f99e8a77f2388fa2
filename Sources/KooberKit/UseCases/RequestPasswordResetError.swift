/// Why Forgot Password sent nothing, as far as the visitor may know: only a field that breaks its rule. Whether the
/// account exists, and whether the request was throttled, is never told (SPEC.md, "Email").
public enum RequestPasswordResetError: Error, Equatable, Sendable {
    /// The email is missing, too long or not an email.
    case invalid([AccountField: FieldProblem])
}

/// Why an enrolment was refused; nothing was stored.
public enum EnrolStaffMemberError: Error, Equatable, Sendable {
    /// The link is used, expired, replaced by a later `koober staff add`, or its member removed.
    case linkNotValid
    /// What is wrong with the password chosen (missing, under 12 characters, over 1,024 bytes).
    case password(FieldProblem)
    /// The authenticator code is not the secret's code for now (within one step of drift).
    case wrongCode
}

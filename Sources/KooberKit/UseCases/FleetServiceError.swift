/// Why a Koober Ops act on the fleet did nothing; no audit row was written.
public enum FleetServiceError: Error, Equatable, Sendable {
    /// The member's role may not run the fleet (`StaffPermission.fleet`): **Not Allowed**.
    case notAllowed
    /// No animal of the fleet in service has that id.
    case noSuchAnimal
    /// **Take Out of Service** on an animal already out of service.
    case alreadyOutOfService
    /// **Return to Service** on an animal in service.
    case notOutOfService
}

/// The drop-off places Koober knows (seeded; riders don't add places).
public protocol PlaceRepository: Sendable {
    /// Every place, in no particular order.
    func allPlaces() async throws -> [NamedLocation]
    func place(id: PlaceID) async throws -> NamedLocation?
}

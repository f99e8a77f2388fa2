import KooberKit
import KooberKitTestDoubles
import KooberSQLite
import Testing

/// The in-memory rides under a race the actor alone doesn't prevent: requests that all suspend mid-way.
struct InMemoryRideRepositoryTests {
    @Test func requestsThatAllSuspendLookingUpThePlaceStillStoreExactlyOneRide() async throws {
        let requests = 10
        let users = InMemoryUserRepository()
        let rider = try await users.create(newUser())
        let rides = InMemoryRideRepository(places: GatedPlaceRepository(releasingAfter: requests))

        let outcome = try await requestAtOnce(requests, userID: rider.id, through: [rides])

        #expect(outcome.stored.count == 1)
        #expect(outcome.refused == requests - 1)
        #expect(try await rides.rides(userID: rider.id, before: nil, limit: 100) == outcome.stored)
    }
}

/// The Sydney places, looked up only once `count` lookups are waiting: every request has passed the actor's first
/// "ride in progress?" check before any of them can store a ride.
private actor GatedPlaceRepository: PlaceRepository {
    private let places = InMemoryPlaceRepository(places: SydneyPlaces.all)
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(releasingAfter count: Int) {
        self.count = count
    }

    func allPlaces() async throws -> [NamedLocation] {
        try await places.allPlaces()
    }

    func place(id: PlaceID) async throws -> NamedLocation? {
        if waiting.count + 1 < count {
            await withCheckedContinuation { continuation in waiting.append(continuation) }
        } else {
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
        return try await places.place(id: id)
    }
}

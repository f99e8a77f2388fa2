import Foundation
import KooberKit
import KooberKitTestDoubles
import KooberSQLite
import Testing

/// The implementations every repository contract runs against.
enum RepositoryKind: CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite

    var testDescription: String {
        switch self {
        case .inMemory: "in memory"
        case .sqlite: "SQLite file"
        }
    }
}

/// One set of repositories sharing one store, as the app would wire them.
struct Repositories: Sendable {
    let users: any UserRepository
    let sessions: any UserSessionRepository
    let failures: any SignInFailureRepository
    let places: any PlaceRepository
    let rides: any RideRepository
    let csrfKeys: any CSRFKeyRepository
}

/// Runs `body` with fresh repositories of `kind`, empty but for the seeded places (`SydneyPlaces`); SQLite ones
/// live on a real temporary file.
func withRepositories(_ kind: RepositoryKind, _ body: (Repositories) async throws -> Void) async throws {
    switch kind {
    case .inMemory:
        let users = InMemoryUserRepository()
        let places = InMemoryPlaceRepository(places: SydneyPlaces.all)
        try await body(
            Repositories(
                users: users,
                sessions: InMemoryUserSessionRepository(users: users),
                failures: InMemorySignInFailureRepository(),
                places: places,
                rides: InMemoryRideRepository(places: places),
                csrfKeys: InMemoryCSRFKeyRepository()
            )
        )
    case .sqlite:
        try await withTemporaryDatabase { database, _ in
            try await body(
                Repositories(
                    users: SQLiteUserRepository(database: database),
                    sessions: SQLiteUserSessionRepository(database: database),
                    failures: SQLiteSignInFailureRepository(database: database),
                    places: SQLitePlaceRepository(database: database),
                    rides: SQLiteRideRepository(database: database),
                    csrfKeys: SQLiteCSRFKeyRepository(database: database)
                )
            )
        }
    }
}

/// A fixed moment, so times in the tests are whole seconds and easy to read.
let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

func newUser(email: String = "johnny@gmail.com", name: String = "Johnny Appleseed") -> NewUser {
    NewUser(
        name: name,
        nickname: "Johnny",
        email: email,
        mobileNumber: "510-736-8754",
        passwordHash: "$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA"
    )
}

/// Places of the seed, by id, for the ride tests.
let operaHouse = PlaceID(1)
let moma = PlaceID(4)
let noSuchPlace = PlaceID(999)

/// A ride request from Koober's pick-up point in Sydney.
func newRideRequest(
    userID: UserID,
    dropoffID: PlaceID = operaHouse,
    rideOptionID: String = RideOption.wallaroo.id,
    fareCents: Int = 1_234,
    at requestedAt: Date = referenceTime
) -> NewRideRequest {
    NewRideRequest(
        userID: userID,
        pickup: SydneyLocator.sydney,
        dropoffID: dropoffID,
        rideOptionID: rideOptionID,
        fareCents: fareCents,
        requestedAt: requestedAt
    )
}

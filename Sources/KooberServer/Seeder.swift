import Foundation
import KooberKit
import KooberWeb

/// Writes riders, sessions and rides through Koober's own repositories, for benchmarks and demos (`koober seed`):
/// what a benchmark needs by the thousand, without a sign-in's argon2id each and without SQL of its own, so that a
/// migration cannot leave it behind. Rides are requested and moved on as Koober moves them (`RideChange`).
struct Seeder: Sendable {
    /// What `KooberStorage.open` built: the repositories (`userRepository`, `sessionRepository`, `rideRepository`,
    /// `fleetRepository`, `placeRepository`), the locator, the password hasher and the clock are used.
    let services: KooberServices
    /// Animals per ride option, as `KooberStorage.open` provided them.
    let fleetSize: Int

    func now() -> Date { services.clock.now }

    /// The time now in whole seconds, as rides' request times are kept.
    var wholeSecondsNow: Date { Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)) }

    // MARK: Riders and sessions

    /// `count` new riders, emailed `<prefix><n>@seed.koober` from the first free `n`, all with `password`, hashed once
    /// by Koober's hasher.
    func riders(count: Int, emailPrefix: String, password: String) async throws -> [UserProfile] {
        let hash = try await services.passwordHasher.hash(password)
        var made: [UserProfile] = []
        var number = 1
        while made.count < count {
            let user = NewUser(
                name: "Rider \(number)", nickname: "R\(number)", email: "\(emailPrefix)\(number)@seed.koober",
                mobileNumber: "0400 000 000", passwordHash: hash)
            do {
                made.append(try await services.userRepository.create(user))
            } catch UserRepositoryError.emailAlreadyRegistered {
                // Seeded before: the next number.
            }
            number += 1
        }
        return made
    }

    /// A session for the rider, started now: a browser's (the token its `koober_session` cookie carries), or with
    /// `kind: .api` a Koober Cloud token, as `POST /login` starts one.
    func startSession(userID: UserID, kind: SessionKind = .web) async throws -> SessionToken {
        let token = SessionToken.generate()
        try await services.sessionRepository.create(tokenHash: token.hash, userID: userID, kind: kind, now: now())
        return token
    }

    /// The user with this email.
    func user(email: String) async throws -> UserProfile {
        guard let credentials = try await services.userRepository.credentials(forEmail: EmailAddress.normalize(email))
        else {
            throw SeedError("no user has the email \(email)")
        }
        return credentials.profile
    }

    /// The first place (by id) whose name contains `name`, chosen as the rider's drop-off.
    func chooseDropoff(userID: UserID, named name: String) async throws -> NamedLocation {
        guard let place = try await sortedPlaces().first(where: { $0.name.localizedCaseInsensitiveContains(name) })
        else { throw SeedError("no place is called \(name)") }
        try await services.rideRepository.chooseDropoff(userID: userID, placeID: place.id, at: now())
        return place
    }

    // MARK: Rides

    /// A ride `finding` for the rider, requested at `time`, at the fare Koober quotes for it.
    func requestRide(userID: UserID, option: String, dropoff: NamedLocation, at time: Date) async throws -> Ride {
        let pickup = try await services.locator.currentLocation()
        guard let quote = RideQuote.all(from: pickup, to: dropoff).first(where: { $0.option.id == option }) else {
            throw SeedError("no ride option is called \(option)")
        }
        return try await services.rideRepository.requestRide(
            NewRideRequest(
                userID: userID, pickup: pickup, dropoffID: dropoff.id, rideOptionID: option,
                fareCents: quote.fareCents, requestedAt: time))
    }

    /// Applies `change`, which this seeder worked out from the ride as stored.
    func apply(_ change: RideChange) async throws -> Ride {
        guard let ride = try await services.rideRepository.apply(change) else {
            throw SeedError("ride \(change.rideID) changed while it was seeded")
        }
        return ride
    }

    /// Every place, by id: the same drop-offs in every run.
    func sortedPlaces() async throws -> [NamedLocation] {
        let all = try await services.placeRepository.allPlaces().sorted { $0.id.rawValue < $1.id.rawValue }
        guard !all.isEmpty else { throw SeedError("the database has no places") }
        return all
    }
}
